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

/** Whether an operation matches every word of a search, in its address, names and descriptions. */
export function matchesSearch({ method, path, operation }: Operation, query: string): boolean {
  const haystack = [
    method,
    path,
    operation.operationId,
    operation.summary,
    operation.description,
    ...(Array.isArray(operation.tags) ? operation.tags : []),
  ]
    .map((part) => String(part ?? ''))
    .join(' ')
    .toLocaleLowerCase('hu');
  return query
    .toLocaleLowerCase('hu')
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** `$ref`s of the document's own components (responses, schemas) resolved one step. */
function resolveRef(document: Json, value: unknown): Json | undefined {
  if (!isObject(value)) return undefined;
  const ref = str(value.$ref);
  if (!ref?.startsWith('#/')) return value;
  let target: unknown = document;
  for (const segment of ref.slice(2).split('/')) target = isObject(target) ? target[segment] : undefined;
  return isObject(target) ? target : undefined;
}

function mediaOf(holder: unknown): { type: string; media: Json } | undefined {
  if (!isObject(holder) || !isObject(holder.content)) return undefined;
  const [type, media] = Object.entries(holder.content)[0] ?? [];
  return type && isObject(media) ? { type, media } : undefined;
}

function exampleBlock(value: unknown, type = 'application/json'): string {
  if (value === undefined) return '';
  const body = type.includes('json') ? JSON.stringify(value, null, 2) : String(value);
  return `<pre class="example">${text(body)}</pre>`;
}

/** The shell-quoted form of a value: single quotes, with any single quote inside closed and reopened. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** A ready-to-run curl line with the operation's examples: path and query values, body, token header. */
function curlLine({ method, path, operation }: Operation, origin: string, baseUrl: string): string {
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(isObject);
  let address = path;
  const query: string[] = [];
  for (const parameter of parameters) {
    const value = parameter.example;
    if (value === undefined || value === null) continue;
    const name = String(parameter.name);
    if (parameter.in === 'path') address = address.replace(`{${name}}`, encodeURIComponent(String(value)));
    else if (parameter.required)
      query.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  const url = `${origin}${baseUrl}${address}${query.length ? `?${query.join('&')}` : ''}`;
  const parts = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} ${shellQuote(url)}`];
  const security = Array.isArray(operation.security) ? operation.security : [];
  const optional = security.some(
    (requirement) => isObject(requirement) && Object.keys(requirement).length === 0,
  );
  if (security.length > 0 && !optional) parts.push(`-H 'token: <TOKEN>'`);
  const body = mediaOf(operation.requestBody);
  if (body && body.media.example !== undefined) {
    parts.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(body.media.example))}`);
  }
  const ok = mediaOf(isObject(operation.responses) ? operation.responses['200'] : undefined);
  if (ok && !ok.type.includes('json')) parts.push('-OJ');
  return parts.join(' \\\n  ');
}

function accessBadge(operation: Json): string {
  const security = Array.isArray(operation.security) ? operation.security : [];
  if (security.length === 0) return '<span class="badge open">nyilvános</span>';
  const optional = security.some(
    (requirement) => isObject(requirement) && Object.keys(requirement).length === 0,
  );
  if (optional) return '<span class="badge optional">token opcionális</span>';
  const scope = str(operation['x-api-key-scope']);
  return `<span class="lock">token szükséges</span>${scope ? ` <span class="badge scope">API-kulcs: ${text(scope)}</span>` : ''}`;
}

type Context = { document: Json; baseUrl: string; origin: string; schemas: SchemaRenderer };

function renderOperation(entry: Operation, { document, baseUrl, origin, schemas }: Context): string {
  const { method, path, operation } = entry;
  const id = str(operation.operationId) ?? `${method}-${path}`;
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(isObject);
  const parameterRows = parameters
    .map(
      (parameter) =>
        `<li><code class="prop">${text(parameter.name)}</code>${parameter.required ? '' : '<span class="opt">?</span>'} <span class="note">(${parameter.in === 'path' ? 'útvonal' : 'lekérdezés'})</span>: ${schemas.render(parameter.schema)}</li>`,
    )
    .join('');
  const request = mediaOf(operation.requestBody);
  const responses = isObject(operation.responses) ? operation.responses : {};
  const success = mediaOf(resolveRef(document, responses['200']));
  const errors = Object.entries(responses)
    .filter(([status]) => status !== '200')
    .map(([status, response]) => {
      const resolved = resolveRef(document, response);
      return `<li><b>${text(status)}</b> ${text(resolved?.description ?? '')}</li>`;
    })
    .join('');
  return `<section class="op" id="${text(id)}">
<h3><span class="method ${text(method)}">${text(method.toUpperCase())}</span> <code>${text(baseUrl + path)}</code> ${accessBadge(operation)}</h3>
${operation.summary ? `<p class="summary">${text(operation.summary)}</p>` : ''}
${paragraphs(str(operation.description) ?? '')}
<details class="curl" open><summary>curl</summary><pre>${text(curlLine(entry, origin, baseUrl))}</pre></details>
${parameterRows ? `<h4>Paraméterek</h4><ul class="props">${parameterRows}</ul>` : ''}
${request ? `<h4>Kérés törzse (JSON)</h4><div class="schema">${schemas.render(request.media.schema)}</div><h4>Példa kérés</h4>${exampleBlock(request.media.example)}` : ''}
<h4>Válasz (200${success && !success.type.includes('json') ? `, ${text(success.type)}` : ''})</h4><div class="schema">${success ? schemas.render(success.media.schema) : 'üres'}</div>
${success?.media.example !== undefined ? `<h4>Példa válasz</h4>${exampleBlock(success.media.example, success.type)}` : ''}
${errors ? `<h4>Hibák</h4><ul class="errors">${errors}</ul>` : ''}
</section>`;
}

/** How to send a token or API key, from the document's security schemes and the scopes operations need. */
function authenticationSection(
  document: Json,
  operations: Operation[],
  origin: string,
  baseUrl: string,
): string {
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const schemeRows = Object.values(schemes)
    .filter(isObject)
    .map((scheme) => `<li>${paragraphs(str(scheme.description) ?? '')}</li>`)
    .join('');
  const scopes = new Map<string, number>();
  for (const { operation } of operations) {
    const scope = str(operation['x-api-key-scope']);
    if (scope) scopes.set(scope, (scopes.get(scope) ?? 0) + 1);
  }
  const scopeRows = [...scopes.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([scope, count]) => `<li><code>${text(scope)}</code> – ${count} művelet</li>`)
    .join('');
  const signin = `curl -X POST ${shellQuote(`${origin}${baseUrl}/user/signin`)} \\\n  -H 'Content-Type: application/json' \\\n  -d '{"email":"admin@example.hu","password":"…"}'\n# → {"token":"…"}\ncurl ${shellQuote(`${origin}${baseUrl}/user/details`)} -H 'token: <TOKEN>'`;
  return `<section class="intro" id="hitelesites"><h2>Hitelesítés</h2>
<p>A védett műveletek egy tokent várnak a <code>token</code> fejlécben vagy <code>Authorization: Bearer &lt;token&gt;</code> alakban. Kétféle token van:</p>
<ul>${schemeRows}</ul>
<p><b>Munkamenet-token:</b> bejelentkezéssel kapható; a vásárló a saját kosarát, rendeléseit és fiókját, az adminisztrátor minden admin műveletet elérhet vele.</p>
<pre>${text(signin)}</pre>
<p><b>API-kulcs:</b> integrációkhoz (ERP, számlázó, piactér). Adminisztrátor hozza létre az admin felület API-kulcsok oldalán vagy a <code>POST ${text(baseUrl)}/apikey</code> művelettel, nevet és jogosultságokat adva; a kulcs csak egyszer látszik. Egy kulcs csak a jogosultságai szerinti admin műveleteket hívhatja (másra 403), vásárlói és fiókkezelő műveleteket soha. A műveleteknél a „API-kulcs: …” jelölés mutatja a szükséges jogosultságot; a <code>…:write</code> a <code>…:read</code> jogot is magában foglalja.</p>
${scopeRows ? `<ul>${scopeRows}</ul>` : ''}
<p>Jelölések: <span class="badge open">nyilvános</span> token nélkül hívható; <span class="badge optional">token opcionális</span> tokennel a válasz a hívóhoz igazodik (vásárlói árak, rejtett elemek adminnak); <span class="lock">token szükséges</span> token nélkül 401.</p>
</section>`;
}

/** What the shop sends to registered webhook endpoints (the document's `webhooks`): payload and example. */
function webhooksSection(document: Json, schemas: SchemaRenderer): string {
  const webhooks = isObject(document.webhooks) ? document.webhooks : {};
  const events = Object.entries(webhooks)
    .map(([event, item]) => [event, isObject(item) && isObject(item.post) ? item.post : undefined] as const)
    .filter((entry): entry is readonly [string, Json] => entry[1] !== undefined);
  if (events.length === 0) return '';
  const [, first] = events[0] ?? [];
  const rows = events
    .map(([event, operation]) => {
      const payload = mediaOf(operation.requestBody);
      return `<section class="op" id="webhook-${text(event)}"><h3><span class="method post">POST</span> <code>${text(event)}</code></h3>
<p class="summary">${text(operation.summary)}</p>
${paragraphs(str(operation.description)?.split(/\n\s*\n/)[0] ?? '')}
<h4>Törzs (JSON)</h4><div class="schema">${payload ? schemas.render(payload.media.schema) : ''}</div>
<h4>Példa</h4>${exampleBlock(payload?.media.example)}</section>`;
    })
    .join('\n');
  const delivery = (str(first?.description) ?? '')
    .split(/\n\s*\n/)
    .slice(1)
    .join('\n\n');
  return `<h2 class="group" id="webhookok">Webhookok</h2>
<div class="intro"><p>Egy adminisztrátor végpontokat regisztrál eseményekre (<code>POST /api/webhook</code> <code>{ url, events }</code> → <code>{ id, secret }</code>); a shop ezekre az eseményekre küld kérést.</p>${paragraphs(delivery)}</div>
${rows}`;
}

/** The one error body, its fields and an example of each status, from the document's components. */
function errorSection(document: Json, schemas: SchemaRenderer): string {
  const components = isObject(document.components) ? document.components : {};
  const responses = isObject(components.responses) ? components.responses : {};
  const rows = Object.values(responses)
    .filter(isObject)
    .map((response) => {
      const media = mediaOf(response);
      const example = isObject(media?.media.example) ? media.media.example : {};
      return { code: str(example.code) ?? '', description: str(response.description) ?? '', example };
    })
    .map(
      ({ code, description, example }) =>
        `<li><b>${text(code)}</b> – ${text(description)}<pre class="example">${text(JSON.stringify(example))}</pre></li>`,
    )
    .join('');
  const errorSchema = isObject(components.schemas) ? components.schemas.Error : undefined;
  return `<section class="intro" id="hibak"><h2>Hibák</h2>
<p>Minden hibás válasz törzse ugyanilyen JSON, magyar üzenettel; a státusz és a <code>code</code> együtt mondja meg, mi történt.</p>
<div class="schema">${schemas.render(errorSchema)}</div>
<ul class="errors">${rows}</ul>
</section>`;
}

/** The current version's changelog section, so an integrator sees what is new where they read the reference. */
function changesSection(version: string, { html, href }: { html: string; href: string }): string {
  return `<section class="intro" id="valtozasok"><h2>Változások ebben a verzióban (${text(version)})</h2>
<p>A változásnapló angol nyelvű; a korábbi verziókét és a verziózás szabályait a <a href="${text(href)}">teljes változásnapló</a> mondja el.</p>
<div lang="en">${html}</div>
</section>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f2933;background:#f7f8fa}
header{background:#1f3a5f;color:#fff;padding:20px 32px}header h1{margin:0 0 4px;font-size:24px}header a{color:#cfe3ff}
main{display:grid;grid-template-columns:280px minmax(0,1fr);gap:24px;padding:24px 32px;max-width:1400px}
nav{position:sticky;top:16px;align-self:start;max-height:calc(100vh - 32px);overflow:auto;font-size:13px}
nav h2{font-size:13px;text-transform:uppercase;color:#52606d;margin:16px 0 4px}nav ul{list-style:none;margin:0;padding:0}
nav a{color:#1f3a5f;text-decoration:none;display:block;padding:2px 0;word-break:break-all}nav a:hover{text-decoration:underline}
.search label{display:block;font-weight:600;margin-bottom:4px}.search div{display:flex;gap:6px}
.search input{flex:1;min-width:0;font:inherit;padding:6px 8px;border:1px solid #9aa5b1;border-radius:4px}
.search button{font:inherit;padding:6px 10px;border:0;border-radius:4px;background:#1f3a5f;color:#fff;cursor:pointer}
.found{margin:6px 0 0;color:#52606d}
.intro,.op{background:#fff;border:1px solid #e4e7eb;border-radius:8px;padding:16px 20px;margin-bottom:16px}
.intro h2{margin-top:0}
h2.group{margin:24px 0 8px}h3{margin:0 0 8px;font-size:16px;overflow-wrap:anywhere}
h4{margin:12px 0 4px;font-size:13px;color:#52606d;text-transform:uppercase}
.method{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}
.get{background:#2f855a}.post{background:#2b6cb0}.put{background:#b7791f}.patch{background:#805ad5}.delete{background:#c53030}
.lock,.badge{font-size:12px;border-radius:4px;padding:1px 6px;font-weight:normal;white-space:nowrap}
.lock{background:#fefcbf;border:1px solid #ecc94b}.open{background:#e6fffa;border:1px solid #81e6d9}
.optional{background:#ebf8ff;border:1px solid #90cdf4}.scope{background:#faf5ff;border:1px solid #d6bcfa}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}.prop{font-weight:600}
.type{color:#6b46c1}.ref{color:#2b6cb0;font-style:italic}.note,.opt{color:#7b8794;font-size:12px}.desc{color:#52606d}
ul.props,ul.variants{margin:2px 0 2px 4px;padding-left:18px;border-left:2px solid #e4e7eb}
.summary{font-weight:600}pre{background:#f0f4f8;padding:8px;border-radius:4px;overflow:auto;font-size:12px;max-height:360px}
details.curl summary{cursor:pointer;font-size:13px;color:#52606d;text-transform:uppercase;font-weight:600}
@media (max-width:800px){main{grid-template-columns:minmax(0,1fr);padding:16px}header{padding:16px}nav{position:static;max-height:none}
nav ul,nav h2{display:none}.intro,.op{padding:12px}}
`;

/** Paragraphs separated by blank lines, with `code` spans and **bold**, as the document's descriptions are written. */
function paragraphs(markdown: string): string {
  return markdown
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map(
      (paragraph) =>
        `<p>${text(paragraph)
          .replace(/`([^`]+)`/g, '<code>$1</code>')
          .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')}</p>`,
    )
    .join('\n');
}

export type ReferenceOptions = {
  /** The shop's public address, for curl lines (`https://bolt.example.hu`). */
  origin: string;
  /** Only the operations matching every word of this search (the page's search form). */
  query?: string;
  /** What changed in the document's version (HTML of its CHANGELOG.md section) and where the whole log is. */
  changelog?: { html: string; href: string };
};

export function renderApiReference(
  document: Json,
  baseUrl: string,
  { origin, query = '', changelog }: ReferenceOptions,
): string {
  const info = isObject(document.info) ? document.info : {};
  const components =
    isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const schemas = new SchemaRenderer(components);
  const all = operationsOf(document);
  const search = query.trim();
  const found = search ? all.filter((entry) => matchesSearch(entry, search)) : all;
  const groups = new Map<string, Operation[]>();
  for (const entry of found) {
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
  const context: Context = { document, baseUrl, origin, schemas };
  const body = sorted
    .map(
      ([group, entries]) =>
        `<h2 class="group">${text(group)}</h2>${entries.map((entry) => renderOperation(entry, context)).join('\n')}`,
    )
    .join('\n');
  const searchForm = `<form class="search" method="get" action="${text(baseUrl)}/docs" role="search">
<label for="q">Keresés a műveletek között</label>
<div><input id="q" name="q" type="search" value="${text(search)}" placeholder="pl. kosár, /order, számla" maxlength="100"><button type="submit">Keresés</button></div>
${search ? `<p class="found">${found.length} találat erre: „${text(search)}” · <a href="${text(baseUrl)}/docs">összes művelet</a></p>` : ''}
</form>`;
  const intro = search
    ? ''
    : `<div class="intro">
${paragraphs(str(info.description) ?? '')}
<p>A műveletek a tRPC végponton (<code>/trpc</code>) is elérhetők, azonos be- és kimeneti alakkal. Ugrás: <a href="#hitelesites">Hitelesítés</a> · <a href="#hibak">Hibák</a> · <a href="#webhookok">Webhookok</a>${changelog ? ' · <a href="#valtozasok">Változások</a>' : ''}</p>
</div>
${changelog ? changesSection(str(info.version) ?? '', changelog) : ''}
${authenticationSection(document, all, origin, baseUrl)}
${errorSection(document, schemas)}`;
  return `<!doctype html>
<html lang="hu"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API-referencia – ${text(info.title)}</title><style>${STYLE}</style></head>
<body><header><h1>${text(info.title)} – API-referencia</h1>
<div>Verzió: ${text(info.version)}${changelog ? ` · <a href="${text(changelog.href)}">Változásnapló</a>` : ''} · <a href="${text(baseUrl)}/openapi.json">OpenAPI 3.1 dokumentum (JSON)</a> · ${all.length} művelet</div></header>
<main><nav>${searchForm}${nav}</nav><div class="content">
${intro}
${body || '<p class="intro">Nincs a keresésnek megfelelő művelet.</p>'}
${search ? '' : webhooksSection(document, schemas)}
</div></main></body></html>`;
}
