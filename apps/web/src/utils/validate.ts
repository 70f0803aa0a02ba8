/** SPEC §5: a url is external when it starts with http, https, mailto or tel. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}
