/** Shared by the tool and the box that holds its place while its code loads. */
export const title = 'Signature checker';
export const privacy =
  'Runs entirely in your browser: the secret and the request are never stored, logged or sent anywhere.';
