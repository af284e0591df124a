/**
 * A refusal is never shown as an empty list: a list call the server answers with 403 reports it
 * here, and the signed-in layout opens the 403 page with the server's reason; any other failure of
 * a list is reported as a message. Lists live deep in pages, the layout owns navigation: an event
 * joins them without either importing the other.
 */
export const REFUSAL_EVENT = 'safecert:refusal';
export const LIST_FAILURE_EVENT = 'safecert:list-failure';

/** The state the 403 page reads its reason from. */
export interface RefusalState {
  reason?: string;
}

export function reportRefusal(reason: string): void {
  window.dispatchEvent(new CustomEvent<string>(REFUSAL_EVENT, { detail: reason }));
}

export function reportListFailure(message: string): void {
  window.dispatchEvent(new CustomEvent<string>(LIST_FAILURE_EVENT, { detail: message }));
}
