/** The kit's own texts live in the common namespace under `admin.*`, so every administration page reads the same words. */
import { useTranslation } from 'react-i18next';

export const KIT_NS = 'common';

/** `t` of the kit's texts (keys `admin.*`). */
export function useKitText() {
  return useTranslation(KIT_NS).t;
}
