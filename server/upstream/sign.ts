// The two headers every upstream call carries (DESIGN.md "The token"): a fresh token per call and the
// appId. Clock and random are injected so tests can pin the plaintext.
import { APP_ID_HEADER, signToken, TOKEN_HEADER } from '../../shared/token.ts';
import { createAesEcbCipher } from '../../shared/node/aes-ecb.ts';

export interface SignerOptions {
  appId: string;
  tokenKey: string;
  now: () => number;
  random: () => number;
}

export type Signer = () => Record<string, string>;

export function createSigner({ appId, tokenKey, now, random }: SignerOptions): Signer {
  const cipher = createAesEcbCipher(tokenKey);
  return () => ({ [TOKEN_HEADER]: signToken({ cipher, now, random }), [APP_ID_HEADER]: appId });
}
