/** Portal paths the add-in links to as well (spec section 2); the portal's routes re-export them. */
export const editorPath = (library: 'local' | 'global', testId: string) => `/home/${library}/editTest/${encodeURIComponent(testId)}`;
