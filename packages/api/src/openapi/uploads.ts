import { type DocumentedOperation, jsonMedia, type Parameter } from './operations';

const FILE_BODY = { schema: { type: 'string', format: 'binary' } };

/**
 * Procedures with `upload` take their file either in base64 inside the JSON body or as the body itself
 * (see the REST mirror); with the file as the body, the other body fields travel in the query string.
 */
export function describeUpload({ operation, meta }: DocumentedOperation): void {
  const upload = meta.upload;
  const body = operation.requestBody;
  if (!upload || !body) return;
  const json = jsonMedia(body);
  body.content = {
    ...body.content,
    ...Object.fromEntries(upload.contentTypes.map((type) => [type, FILE_BODY])),
  };
  const properties = (json?.schema?.properties ?? {}) as Record<string, Parameter['schema']>;
  const inPath = new Set((operation.parameters ?? []).map((parameter) => parameter.name));
  const queryFields = Object.entries(properties).filter(
    ([name]) => name !== upload.field && !inPath.has(name),
  );
  operation.parameters = [
    ...(operation.parameters ?? []),
    ...queryFields.map(
      ([name, schema]): Parameter => ({
        name,
        in: 'query',
        required: false,
        description: `Csak ha a kérés törzse maga a fájl: a JSON-törzs \`${name}\` mezője.`,
        ...(schema ? { schema } : {}),
      }),
    ),
  ];
}
