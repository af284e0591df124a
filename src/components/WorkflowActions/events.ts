/**
 * How the client presents each workflow event (labels, confirmation, comment rules, presets).
 * No business logic: which events exist right now is the server's allowedEvents.
 */
/** The comment dictionaries (presets of the review comment). */
export type CommentDictType = 'new_cert_comment' | 'nonew_cert_comment' | 'no_agree_comment';

/** Events that ask for confirmation (Modal.confirm) before the comment modal opens. */
export const CONFIRM_FIRST: ReadonlySet<string> = new Set(['DISAGREE', 'RETURN', 'WITHDRAW', 'DELETE']);

/** Events whose comment is required. */
export const COMMENT_REQUIRED: ReadonlySet<string> = new Set(['DISAGREE', 'RETURN', 'DECLINE']);

/** Display order of the buttons (events not listed keep the server's order after these). */
export const EVENT_ORDER = [
  'AGREE',
  'CONFIRM',
  'SUBMIT',
  'SAVE',
  'RETURN',
  'DECLINE',
  'DISAGREE',
  'WITHDRAW',
  'DELETE',
];

/** Steps whose AGREE / DISAGREE buttons say what they do there (受理, 初审通过 … 办结), per the workflow locale's action keys. */
const STEP_AGREE: ReadonlySet<string> = new Set(['sl', 'cb', 'cs', 'sh', 'sp', 'bj']);
const STEP_DISAGREE: ReadonlySet<string> = new Set(['sl', 'bj']);

/** i18n key (namespace workflow) of an event's button label at the step the server says the application is at. */
export function eventLabelKey(event: string, step: string | null | undefined): string {
  if (step && event === 'AGREE' && STEP_AGREE.has(step)) return `action.AGREE_${step}`;
  if (step && event === 'DISAGREE' && STEP_DISAGREE.has(step)) return `action.DISAGREE_${step}`;
  return `action.${event}`;
}

/**
 * The comment dictionary offered for an event: agreeing uses the review comments of its business
 * (新办证书 new_cert_comment, every other business nonew_cert_comment); disagreeing and returning
 * use no_agree_comment. Other events (the holder's among them) have no presets.
 */
export function presetDictFor(event: string, businessType: string | null | undefined): CommentDictType | null {
  if (event === 'AGREE') return businessType === 'newCert' ? 'new_cert_comment' : 'nonew_cert_comment';
  if (event === 'DISAGREE' || event === 'RETURN') return 'no_agree_comment';
  // The holder's CONFIRM / DECLINE speak for themselves: the reviewers' phrases are not theirs to pick.
  return null;
}

/** allowedEvents in display order, duplicates removed. */
export function orderedEvents<E extends string>(allowed: readonly E[] | null | undefined): E[] {
  const unique = Array.from(new Set(allowed ?? []));
  const rank = (e: E) => {
    const i = EVENT_ORDER.indexOf(e);
    return i < 0 ? EVENT_ORDER.length + unique.indexOf(e) : i;
  };
  return unique.sort((a, b) => rank(a) - rank(b));
}

export function buttonKind(event: string): { type: 'primary' | 'default'; danger: boolean } {
  if (event === 'AGREE' || event === 'SUBMIT' || event === 'CONFIRM') return { type: 'primary', danger: false };
  if (event === 'DISAGREE' || event === 'DELETE') return { type: 'default', danger: true };
  return { type: 'default', danger: false };
}

/** The keys that press a decision's button in a reviewer's view (WorkflowActions `shortcuts`), shown on the button. */
export const SHORTCUT_KEYS: Readonly<Partial<Record<string, string>>> = { AGREE: 'A', RETURN: 'R' };

/** The allowed event a key stands for (either case), or null. */
export function shortcutEvent<E extends string>(key: string, allowed: readonly E[]): E | null {
  const upper = key.length === 1 ? key.toUpperCase() : '';
  return allowed.find((e) => SHORTCUT_KEYS[e] === upper) ?? null;
}
