import http from 'node:http';
import https from 'node:https';
import { MEDIA_MAX_BYTES } from '../../schemas/media';
import {
  literalAddressRefused,
  PrivateTargetError,
  publicOnlyLookup,
  type WebhookTargetPolicy,
} from '../webhooks/target';

/**
 * Downloads a picture an import sheet names by its address. The sheet comes from an owner, but its
 * addresses are whatever another engine wrote, so the fetch is held to the limits the webhooks are:
 * http(s) only, never a loopback, private or link-local address (checked at connection time, so a
 * name that resolves inwards is refused too), no redirects, at most 8 MB and 15 seconds.
 */
export const PICTURE_TIMEOUT_MS = 15_000;

export class PictureFetchError extends Error {}

export type PictureFetcher = (address: string) => Promise<Buffer>;

export function pictureFetcher(policy: WebhookTargetPolicy): PictureFetcher {
  return (address) => fetchPicture(address, policy);
}

function fetchPicture(address: string, policy: WebhookTargetPolicy): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.reject(new PictureFetchError(`„${address.slice(0, 80)}” nem webcím.`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(
      new PictureFetchError(`„${address.slice(0, 80)}”: csak http(s) címről töltünk le képet.`),
    );
  }
  if (literalAddressRefused(url, policy)) {
    return Promise.reject(new PictureFetchError(privateRefusal(address)));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        timeout: PICTURE_TIMEOUT_MS,
        ...(policy.allowPrivateTargets ? {} : { lookup: publicOnlyLookup as never }),
        headers: { accept: 'image/*' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new PictureFetchError(`A kép nem tölthető le (${status}): ${address.slice(0, 80)}`));
          return;
        }
        if (Number(response.headers['content-length']) > MEDIA_MAX_BYTES) {
          response.destroy();
          reject(new PictureFetchError(`A kép nagyobb 8 MB-nál: ${address.slice(0, 80)}`));
          return;
        }
        const parts: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MEDIA_MAX_BYTES) {
            response.destroy();
            reject(new PictureFetchError(`A kép nagyobb 8 MB-nál: ${address.slice(0, 80)}`));
            return;
          }
          parts.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(parts)));
        response.on('error', () =>
          reject(new PictureFetchError(`A kép letöltése megszakadt: ${address.slice(0, 80)}`)),
        );
      },
    );
    request.on('timeout', () => {
      request.destroy();
      reject(new PictureFetchError(`A kép letöltése túllépte a 15 másodpercet: ${address.slice(0, 80)}`));
    });
    request.on('error', (error) => {
      reject(
        new PictureFetchError(
          error instanceof PrivateTargetError
            ? privateRefusal(address)
            : `A kép nem tölthető le: ${address.slice(0, 80)}`,
        ),
      );
    });
  });
}

function privateRefusal(address: string): string {
  return `„${address.slice(0, 80)}” helyi vagy belső hálózati címre mutat; onnan nem töltünk le képet.`;
}
