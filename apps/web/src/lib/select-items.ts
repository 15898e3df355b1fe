/**
 * Every list the API answers comes in one envelope, `{items, …}` (README.md, The REST API). A screen that
 * shows a whole list selects its items, so the query's cache keeps the answer exactly as the server sent it.
 */
export const selectItems = <Item>(answer: { items: Item[] }): Item[] => answer.items;
