// Credentials of the demo set-up: the embedded reference service and the edge agree on these when
// no APP_ID / TOKEN_KEY is configured. They are public by design (this file is in the repository);
// a deployment against a real content service sets its own.
export const DEMO_APP_ID = 'museum-portal-demo';
/** 32 characters: AES-256. */
export const DEMO_TOKEN_KEY = 'demo-museum-portal-token-key-256';
