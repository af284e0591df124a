/** Wires every business type's rules and close effect into the workflow engine (called at start-up and before demo seeding). */
import { BUSINESS_TYPES } from '../../../machines/businessTypes.js';
import { registerBusinessType } from '../../workflow/registry.js';
import { closeEffects } from './effects.js';
import { checkDraft } from './rules.js';

export function registerBusinessTypes(): void {
  for (const type of BUSINESS_TYPES) registerBusinessType(type, { rules: checkDraft, closeEffect: closeEffects[type] });
}
