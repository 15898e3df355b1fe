import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 levels A and AA, which EN 301 549 and so the European Accessibility Act ask for. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The two widths every screen is checked at: a common phone and a common laptop. */
export const WIDTHS = [
  { name: 'telefon', width: 390, height: 844 },
  { name: 'asztali', width: 1440, height: 900 },
] as const;

export type Width = (typeof WIDTHS)[number];

/** One rule broken on one screen, with what a developer needs to find and fix it. */
export type Finding = {
  /** Where it was found: the screen, its state and the width, e.g. "kosár, tele @ 390 px". */
  where: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** axe's CSS selectors of the offending elements (first few), and why the first one fails. */
  targets: string[];
  summary: string;
};

/** The impacts a shopper cannot get past: the suite allows none of them. */
const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe's WCAG 2.1 A and AA rules on the page as it is now and answers its serious and critical findings. */
export async function blockingFindings(page: Page, where: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_21_AA_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      helpUrl: violation.helpUrl,
      targets: violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `${node.target.map(String).join(' >> ')}  ${node.html.replace(/\s+/g, ' ').slice(0, 160)}`,
        ),
      summary: (violation.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    }));
}

/** The findings as a reviewer reads them in a failed run: one paragraph each. */
export function describeFindings(findings: Finding[]): string {
  return findings
    .map((finding) =>
      [
        `${finding.where}: ${finding.rule} (${finding.impact}) — ${finding.help}`,
        ...finding.targets.map((target) => `    ${target}`),
        `    ${finding.summary}`,
        `    ${finding.helpUrl}`,
      ].join('\n'),
    )
    .join('\n');
}

/** Sets the width and lets the page lay itself out again before axe measures colours and sizes. */
export async function useWidth(page: Page, width: Width): Promise<void> {
  await page.setViewportSize({ width: width.width, height: width.height });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
