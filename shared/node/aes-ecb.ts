// Node-only piece of the wire contract, used by both programs (the edge and the reference service).
// Never imported by client/: the browser never signs anything.
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { tokenKeyProblem, type TokenCipher } from '../token.ts';

/** AES-ECB with PKCS#7 padding, key = UTF-8 bytes of `key`, base64 text: the token cipher. */
export function createAesEcbCipher(key: string): TokenCipher {
  const problem = tokenKeyProblem(key);
  if (problem) throw new Error(problem);
  const keyBytes = Buffer.from(key, 'utf8');
  const algorithm = `aes-${keyBytes.length * 8}-ecb`;
  return {
    encrypt(plaintext) {
      const cipher = createCipheriv(algorithm, keyBytes, null);
      return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
    },
    decrypt(base64) {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new Error('not base64');
      const decipher = createDecipheriv(algorithm, keyBytes, null);
      return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
