import { z } from 'zod';
import { withArticle } from '../schemas/hungarian';
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  webhookPayloadSchema,
} from '../schemas/webhook';
import { MAX_ATTEMPTS } from '../services/webhooks/delivery-worker';
import {
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
} from '../services/webhooks/signature';
import type { ExampleMaker } from './examples';
import type { JsonSchema } from './operations';

const DELIVERY = [
  `Minden kézbesítés egy JSON \`POST\` a végpont címére, \`{ id, event, createdAt, data }\` törzzsel. Egy 2xx válasz kézbesíti; bármi más (más státusz, 10 s alatt nincs válasz) után a shop újrapróbálja 1, 2, 4 … perc múlva, legfeljebb 2 óránként, összesen ${MAX_ATTEMPTS} alkalommal. Ugyanaz az esemény többször is megérkezhet: az \`id\` alapján szűrhető.`,
  `Aláírás: a \`${SIGNATURE_HEADER}: t=<unix másodperc>,v1=<hex>\` fejlécben a \`v1\` a \`"<t>.<nyers törzs>"\` HMAC-SHA256 értéke a végpont titkos kulcsával (\`POST /api/webhook\` válaszában látszik egyszer). ${withArticle(SIGNATURE_TOLERANCE_SECONDS / 60, { capital: true })} percnél régebbi \`t\` elutasítandó.`,
].join('\n\n');

/** Zod's JSON Schema of a payload, without the `$schema` line an embedded schema must not carry. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;
  return rest;
}

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event the shop sends to registered endpoints, with
 * its payload schema (schemas/webhook.ts), an example, and the signature header.
 */
export function webhooksSection(examples: ExampleMaker): Record<string, unknown> {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => {
      const schema = jsonSchemaOf(webhookPayloadSchema(event));
      return [
        event,
        {
          post: {
            operationId: `webhook-${event.replace(/[._]/g, '-')}`,
            summary: `${WEBHOOK_EVENT_LABELS[event]} (${event})`,
            description: `${WEBHOOK_EVENT_DESCRIPTIONS[event]}\n\n${DELIVERY}`,
            tags: ['Webhookok'],
            security: [],
            parameters: [
              {
                name: SIGNATURE_HEADER,
                in: 'header',
                required: true,
                description: 'Az aláírás: `t=<unix másodperc>,v1=<hex HMAC-SHA256>`.',
                schema: { type: 'string' },
                example: 't=1795512600,v1=5f2b0c…',
              },
              {
                name: EVENT_ID_HEADER,
                in: 'header',
                required: true,
                description: 'Az esemény azonosítója, mint a törzs `id` mezője.',
                schema: { type: 'string', format: 'uuid' },
              },
            ],
            requestBody: {
              required: true,
              content: { 'application/json': { schema, example: examples.example(schema) } },
            },
            responses: {
              '200': { description: 'Bármely 2xx válasz kézbesítettnek jelöli az eseményt.' },
            },
          },
        },
      ];
    }),
  );
}
