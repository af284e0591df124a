/** How long a certificate is valid after a business closes (DOMAIN.md "Validity"): the one place of these rules. */
import { addDays, addYears } from '../../lib/days.js';

/** A delay extends by three years from the old end date: valid from the day after it, to three years after it. */
export function delayedValidity(expiryDate: string): { validFrom: string; expiryDate: string } {
  return { validFrom: addDays(expiryDate, 1), expiryDate: addYears(expiryDate, 3) };
}
