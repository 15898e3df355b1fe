/**
 * A readable API reference rendered on the server from the OpenAPI document: plain HTML and CSS, no
 * scripts and nothing fetched from elsewhere, so it works offline and under the strict CSP.
 */

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

class SchemaRenderer {
  constructor(private readonly components: Json) {}

  private resolve(ref: string): { name: string; schema: Json | undefined } {
    const name = ref.replace(/^#\/components\/schemas\//, '');
    const schema = this.components[name];
    return { name, schema: isObject(schema) ? schema : undefined };
  }

  /** Generated component names (`__schema0`) mean nothing to a reader; a recursive one is named by its role. */
  private refLabel(name: string, recursive: boolean): string {
    if (!name.startsWith('__'))
      return `<span class="ref">${text(name)}</span>${recursive ? ' (rekurzív)' : ''}`;
    return recursive ? '<span class="ref">ugyanez a szerkezet (rekurzív)</span>' : '';
  }

  private constraints(schema: Json): string[] {
    const notes: string[] = [];
    const pairs: [string, string][] = [
      ['minLength', 'min. hossz'],
      ['maxLength', 'max. hossz'],
      ['minimum', 'min.'],
      ['maximum', 'max.'],
      ['exclusiveMinimum', 'nagyobb, mint'],
      ['exclusiveMaximum', 'kisebb, mint'],
      ['minItems', 'min. elem'],
      ['maxItems', 'max. elem'],
      ['format', 'formátum'],
      ['pattern', 'minta'],
    ];
    for (const [key, label] of pairs) {
      const value = schema[key];
      // zod's .int() adds the safe-integer bounds to every integer; they say nothing to a reader.
      if (value === undefined || (typeof value === 'number' && Math.abs(value) === Number.MAX_SAFE_INTEGER))
        continue;
      notes.push(`${label}: ${String(value)}`);
    }
    if (schema.default !== undefined) notes.push(`alapérték: ${JSON.stringify(schema.default)}`);
    return notes;
  }

  /** A one-line type name for simple schemas; undefined when the schema needs a nested block. */
  private inline(schema: Json, seen: ReadonlySet<string>): string | undefined {
    const ref = str(schema.$ref);
    if (ref) {
      const { name, schema: target } = this.resolve(ref);
      if (seen.has(name) || !target) return this.refLabel(name, true);
      return this.inline(target, new Set([...seen, name]));
    }
    if (schema.const !== undefined) return `<code>${text(JSON.stringify(schema.const))}</code>`;
    if (Array.isArray(schema.enum)) {
      return schema.enum.map((value) => `<code>${text(JSON.stringify(value))}</code>`).join(' | ');
    }
    const variants = Array.isArray(schema.anyOf)
      ? schema.anyOf
      : Array.isArray(schema.oneOf)
        ? schema.oneOf
        : null;
    if (variants) {
      const parts = variants.map((variant) => (isObject(variant) ? this.inline(variant, seen) : 'any'));
      return parts.every((part) => part !== undefined) ? parts.join(' | ') : undefined;
    }
    const types = Array.isArray(schema.type) ? schema.type.map(String) : [str(schema.type) ?? 'any'];
    if (
      types.includes('object') &&
      isObject(schema.properties) &&
      Object.keys(schema.properties).length > 0
    ) {
      return undefined;
    }
    if (types.includes('array')) {
      const items = isObject(schema.items) ? this.inline(schema.items, seen) : 'any';
      return items === undefined ? undefined : `${items}[]${types.includes('null') ? ' | null' : ''}`;
    }
    return types.map((type) => `<span class="type">${text(type)}</span>`).join(' | ');
  }

  render(schema: unknown, seen: ReadonlySet<string> = new Set()): string {
    if (!isObject(schema)) return '<span class="type">any</span>';
    const notes = this.constraints(schema);
    const description = str(schema.description);
    const suffix = `${notes.length ? ` <span class="note">(${text(notes.join(', '))})</span>` : ''}${
      description ? ` <span class="desc">– ${text(description)}</span>` : ''
    }`;
    const simple = this.inline(schema, seen);
    if (simple !== undefined) return `${simple}${suffix}`;

    const ref = str(schema.$ref);
    if (ref) {
      const { name, schema: target } = this.resolve(ref);
      return `${this.refLabel(name, false)} ${this.render(target, new Set([...seen, name]))}`.trim();
    }
    const variants = Array.isArray(schema.anyOf)
      ? schema.anyOf
      : Array.isArray(schema.oneOf)
        ? schema.oneOf
        : null;
    if (variants) {
      const items = variants.map((variant) => `<li>${this.render(variant, seen)}</li>`).join('');
      return `<span class="type">egyike:</span>${suffix}<ul class="variants">${items}</ul>`;
    }
    if (isObject(schema.items)) {
      return `<span class="type">lista</span>${suffix}, elemei: ${this.render(schema.items, seen)}`;
    }
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const properties = isObject(schema.properties) ? schema.properties : {};
    const rows = Object.entries(properties)
      .map(
        ([name, property]) =>
          `<li><code class="prop">${text(name)}</code>${required.has(name) ? '' : '<span class="opt">?</span>'}: ${this.render(property, seen)}</li>`,
      )
      .join('');
    return `<span class="type">objektum</span>${suffix}<ul class="props">${rows}</ul>`;
  }
}

type Operation = { method: string; path: string; operation: Json };

function operationsOf(document: Json): Operation[] {
  const paths = isObject(document.paths) ? document.paths : {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (isObject(operation)) operations.push({ method, path, operation });
    }
  }
  return operations;
}

function groupOf({ path, operation }: Operation): string {
  const tags = Array.isArray(operation.tags) ? operation.tags : [];
  return str(tags[0]) ?? path.split('/').filter(Boolean)[0] ?? 'általános';
}

function jsonContentSchema(holder: unknown): unknown {
  if (!isObject(holder) || !isObject(holder.content)) return undefined;
  const json = holder.content['application/json'];
  return isObject(json) ? json.schema : undefined;
}

function renderOperation(entry: Operation, baseUrl: string, schemas: SchemaRenderer): string {
  const { method, path, operation } = entry;
  const id = str(operation.operationId) ?? `${method}-${path}`;
  const secured = Array.isArray(operation.security) && operation.security.length > 0;
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(isObject);
  const parameterRows = parameters
    .map(
      (parameter) =>
        `<li><code class="prop">${text(parameter.name)}</code>${parameter.required ? '' : '<span class="opt">?</span>'} <span class="note">(${parameter.in === 'path' ? 'útvonal' : 'lekérdezés'})</span>: ${schemas.render(parameter.schema)}</li>`,
    )
    .join('');
  const requestSchema = jsonContentSchema(operation.requestBody);
  const responses = isObject(operation.responses) ? operation.responses : {};
  const success = jsonContentSchema(responses['200']);
  const errors = Object.entries(responses)
    .filter(([status]) => status !== '200')
    .map(
      ([status, response]) =>
        `<li><b>${text(status)}</b> ${text(isObject(response) ? response.description : '')}</li>`,
    )
    .join('');
  return `<section class="op" id="${text(id)}">
<h3><span class="method ${text(method)}">${text(method.toUpperCase())}</span> <code>${text(baseUrl + path)}</code>${
    secured ? ' <span class="lock">token szükséges</span>' : ''
  }</h3>
${operation.summary ? `<p class="summary">${text(operation.summary)}</p>` : ''}
${paragraphs(str(operation.description) ?? '')}
${parameterRows ? `<h4>Paraméterek</h4><ul class="props">${parameterRows}</ul>` : ''}
${requestSchema ? `<h4>Kérés törzse (JSON)</h4><div class="schema">${schemas.render(requestSchema)}</div>` : ''}
<h4>Válasz (200)</h4><div class="schema">${success ? schemas.render(success) : 'üres'}</div>
${errors ? `<h4>Hibák</h4><ul class="errors">${errors}</ul>` : ''}
</section>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f2933;background:#f7f8fa}
header{background:#1f3a5f;color:#fff;padding:24px 32px}header h1{margin:0 0 4px}header a{color:#cfe3ff}
main{display:grid;grid-template-columns:260px 1fr;gap:24px;padding:24px 32px;max-width:1400px}
nav{position:sticky;top:16px;align-self:start;max-height:calc(100vh - 32px);overflow:auto;font-size:13px}
nav h2{font-size:13px;text-transform:uppercase;color:#52606d;margin:16px 0 4px}nav ul{list-style:none;margin:0;padding:0}
nav a{color:#1f3a5f;text-decoration:none;display:block;padding:2px 0}nav a:hover{text-decoration:underline}
.intro,.op{background:#fff;border:1px solid #e4e7eb;border-radius:8px;padding:16px 20px;margin-bottom:16px}
h2.group{margin:24px 0 8px;text-transform:capitalize}h3{margin:0 0 8px;font-size:16px;word-break:break-all}
h4{margin:12px 0 4px;font-size:13px;color:#52606d;text-transform:uppercase}
.method{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}
.get{background:#2f855a}.post{background:#2b6cb0}.put{background:#b7791f}.patch{background:#805ad5}.delete{background:#c53030}
.lock{font-size:12px;background:#fefcbf;border:1px solid #ecc94b;border-radius:4px;padding:1px 6px;font-weight:normal}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}.prop{font-weight:600}
.type{color:#6b46c1}.ref{color:#2b6cb0;font-style:italic}.note,.opt{color:#7b8794;font-size:12px}.desc{color:#52606d}
ul.props,ul.variants{margin:2px 0 2px 4px;padding-left:18px;border-left:2px solid #e4e7eb}
.summary{font-weight:600}pre{background:#f0f4f8;padding:8px;border-radius:4px;overflow:auto}
@media (max-width:800px){main{grid-template-columns:1fr}nav{position:static;max-height:none}}
`;

/** Paragraphs separated by blank lines, with `code` spans, as the document's description is written. */
function paragraphs(markdown: string): string {
  return markdown
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${text(paragraph).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('\n');
}

export function renderApiReference(document: Json, baseUrl: string): string {
  const info = isObject(document.info) ? document.info : {};
  const components =
    isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const schemas = new SchemaRenderer(components);
  const groups = new Map<string, Operation[]>();
  for (const entry of operationsOf(document)) {
    const group = groupOf(entry);
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  const sorted = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'hu'));
  const nav = sorted
    .map(
      ([group, entries]) =>
        `<h2>${text(group)}</h2><ul>${entries
          .map(
            ({ method, path, operation }) =>
              `<li><a href="#${text(str(operation.operationId) ?? '')}">${text(method.toUpperCase())} ${text(path)}</a></li>`,
          )
          .join('')}</ul>`,
    )
    .join('');
  const body = sorted
    .map(
      ([group, entries]) =>
        `<h2 class="group">${text(group)}</h2>${entries.map((entry) => renderOperation(entry, baseUrl, schemas)).join('\n')}`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="hu"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API-referencia – ${text(info.title)}</title><style>${STYLE}</style></head>
<body><header><h1>${text(info.title)} – API-referencia</h1>
<div>Verzió: ${text(info.version)} · <a href="${text(baseUrl)}/openapi.json">OpenAPI 3 dokumentum (JSON)</a></div></header>
<main><nav>${nav}</nav><div>
<div class="intro">
${paragraphs(str(info.description) ?? '')}
<p>Minden kérés- és választörzs JSON; az üres POST-törzs <code>{}</code>-nak számít. A műveletek a tRPC végponton (<code>/trpc</code>) is elérhetők, azonos be- és kimeneti alakkal.</p>
</div>
${body}
</div></main></body></html>`;
}
