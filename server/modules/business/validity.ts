/** How long a certificate is valid after a business closes (DOMAIN.md "Validity"): the certificate machine's rule. */
export { delayedValidityOf as delayedValidity, statutoryExpiryOf } from '../../../machines/certificate.machine.js';
