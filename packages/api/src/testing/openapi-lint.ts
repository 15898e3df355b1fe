import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';

/** Rules that only warn under `recommended` but must hold here: every example matches its schema. */
const EXAMPLE_RULES = {
  'no-invalid-media-type-examples': 'error',
  'no-invalid-parameter-examples': 'error',
  'no-invalid-schema-examples': 'error',
} as const;

/**
 * Lints an OpenAPI document as `redocly lint` does with its recommended rules (the same engine, without
 * spawning the CLI), with example checks raised to errors. Answers the problems of severity `error`.
 */
export async function lintOpenApiDocument(document: unknown): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ['recommended'], rules: EXAMPLE_RULES });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: '/openapi.json',
    config,
  });
  return problems.filter((problem) => problem.severity === 'error');
}

/** One line per problem: rule, message and where. */
export function describeProblems(problems: NormalizedProblem[]): string[] {
  return problems.map(
    (problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? '?'})`,
  );
}
