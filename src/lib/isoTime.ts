/** An ISO 8601 time without milliseconds, as the API writes them: `2025-01-01T10:04:12Z`. */
export const isoSeconds = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
