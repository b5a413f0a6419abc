import { z } from 'zod/mini';

/**
 * Renders a zod schema as a readable TypeScript-like type for PROTOCOL.md,
 * with constraints (lengths, patterns, ranges) as trailing comments.
 */

type Json = Record<string, unknown>;

const pad = (depth: number) => '  '.repeat(depth);

function constraints(s: Json): string {
  const c: string[] = [];
  if (s.minLength !== undefined) c.push(`min length ${String(s.minLength)}`);
  if (s.maxLength !== undefined) c.push(`max length ${String(s.maxLength)}`);
  if (s.minItems !== undefined) c.push(`min ${String(s.minItems)} items`);
  if (s.maxItems !== undefined && s.type === 'array' && !s.prefixItems) c.push(`max ${String(s.maxItems)} items`);
  if (s.minimum !== undefined) c.push(`>= ${String(s.minimum)}`);
  if (s.exclusiveMinimum !== undefined) c.push(`> ${String(s.exclusiveMinimum)}`);
  if (s.maximum !== undefined && s.maximum !== Number.MAX_SAFE_INTEGER) c.push(`<= ${String(s.maximum)}`);
  if (s.pattern !== undefined) c.push(`matches /${String(s.pattern)}/`);
  if (s.format !== undefined) c.push(String(s.format));
  if (s.description !== undefined) c.push(String(s.description));
  return c.join(', ');
}

function render(s: Json | boolean | undefined, depth: number): string {
  if (s === undefined || s === true || (typeof s === 'object' && Object.keys(s).length === 0)) return 'unknown';
  if (s === false) return 'never';
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (union) return union.map((u) => render(u, depth)).join(' | ');
  if (Array.isArray(s.type)) return s.type.join(' | ');
  switch (s.type) {
    case 'string':
    case 'boolean':
    case 'null':
      return String(s.type);
    case 'integer':
    case 'number':
      return 'number';
    case 'array': {
      if (Array.isArray(s.prefixItems)) return `[${s.prefixItems.map((i) => render(i as Json, depth)).join(', ')}]`;
      const inner = render(s.items as Json, depth);
      return inner.includes('|') ? `(${inner})[]` : `${inner}[]`;
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Json>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const keys = Object.keys(props);
      if (!keys.length) {
        const values = s.additionalProperties;
        return values && typeof values === 'object' ? `Record<string, ${render(values as Json, depth)}>` : '{}';
      }
      const lines = keys.map((k) => {
        const p = props[k]!;
        const note = constraints(p);
        return `${pad(depth + 1)}${k}${required.has(k) ? '' : '?'}: ${render(p, depth + 1)};${note ? ` // ${note}` : ''}`;
      });
      return `{\n${lines.join('\n')}\n${pad(depth)}}`;
    }
    default:
      return 'unknown';
  }
}

/** Renders `schema` (input side) as a TypeScript-like type, plus its top-level constraints. */
export function renderSchema(schema: z.ZodMiniType): string {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Json;
  const note = constraints(json);
  return render(json, 0) + (note ? ` // ${note}` : '');
}

/** Renders a zod tuple of positional parameters as `(name0: T, name1?: U)`. */
export function renderParams(tuple: z.ZodMiniTuple, names: readonly string[]): string {
  const items = tuple.def.items as z.ZodMiniType[];
  if (!items.length) return '()';
  return `(${items
    .map((item, i) => {
      const optional = item.safeParse(undefined).success;
      return `${names[i] ?? `arg${i}`}${optional ? '?' : ''}: ${renderSchema(item)}`;
    })
    .join(', ')})`;
}
