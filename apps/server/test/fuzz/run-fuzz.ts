import { Random } from './random';
import {
  buildRequest,
  describeRequest,
  type FuzzRequest,
  type OpenApiDocument,
  readOperations,
} from './requests';

export type FuzzRole = 'stranger' | 'customer' | 'admin';
export const FUZZ_ROLES: readonly FuzzRole[] = ['stranger', 'customer', 'admin'];

export type FuzzFailure = {
  /** Position in the run: with the same seed and count, request `index` is the same request. */
  index: number;
  operationId: string;
  role: FuzzRole;
  status: number;
  request: string;
  answer: string;
};

export type FuzzOptions = {
  baseUrl: string;
  document: OpenApiDocument;
  seed: number;
  requests: number;
  /** A live token for the role, minted again before every round (a request may have signed it out). */
  tokenFor(role: FuzzRole): Promise<string | undefined>;
};

export type FuzzResult = {
  sent: number;
  operations: number;
  failures: FuzzFailure[];
  statuses: Map<number, number>;
};

/** Share of requests in later rounds that stay plausible, so state built by valid calls keeps changing. */
const PLAUSIBLE_SHARE = 0.15;

async function send(baseUrl: string, request: FuzzRequest): Promise<{ status: number; text: string }> {
  try {
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    // A connection the server dropped is as much a failure as a 5xx.
    return { status: 599, text: `a kapcsolat megszakadt: ${String(error)}` };
  }
}

/**
 * Walks every operation of the document as every role, one request at a time in a fixed order:
 * round 0 sends plausible requests (they create carts, orders, products… for later rounds to hit),
 * every later round mostly hostile ones. Any 5xx is recorded with the request that caused it.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const { operations, resolve } = readOperations(options.document);
  const random = new Random(options.seed);
  const failures: FuzzFailure[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  for (let round = 0; sent < options.requests; round++) {
    const tokens = new Map<FuzzRole, string | undefined>();
    for (const role of FUZZ_ROLES) tokens.set(role, await options.tokenFor(role));
    for (const operation of operations) {
      for (const role of FUZZ_ROLES) {
        if (sent >= options.requests) break;
        const hostile = round > 0 && !random.chance(PLAUSIBLE_SHARE);
        const request = buildRequest(operation, { random, resolve, token: tokens.get(role), hostile });
        const index = sent++;
        const { status, text } = await send(options.baseUrl, request);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) {
          failures.push({
            index,
            operationId: operation.operationId,
            role,
            status,
            request: describeRequest(request),
            answer: text.slice(0, 500),
          });
        }
      }
    }
  }
  return { sent, operations: operations.length, failures, statuses };
}
