/**
 * The text namespaces the pages before sign-in read: the login page, the public site, the error
 * pages, and the guard's and session's messages. The build keeps them in one small chunk per
 * language (vite.config.ts) and src/i18n.ts loads the others only when a page of the signed-in
 * application, or another page that needs them, is about to render (issue 14: first-page budget).
 * Read by vite.config.ts too, so it imports nothing.
 */
export const FIRST_PAGE_NAMESPACES: readonly string[] = ['common', 'shell', 'login', 'web', 'exception'];
