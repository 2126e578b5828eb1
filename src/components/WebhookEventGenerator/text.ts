/** Shared by the tool and the box that holds its place while its code loads. */
export const title = 'Signed test-event generator';
export const privacy =
  'Runs entirely in your browser: the secret is never stored, logged or sent. The command below is for you to copy and run; this page never sends it.';
