import { Box, type BoxProps } from '@chakra-ui/react';
import { useRouter } from '@tanstack/react-router';
import { type MouseEvent, useMemo } from 'react';
import { safeHtmlMarkup, sanitizeHtml } from '../lib/html/sanitize-html';

/** How admin-written HTML looks in the shop; the admin's editor shows its text the same way. */
export const htmlProseStyles: BoxProps['css'] = {
  lineHeight: '1.75',
  color: 'fg',
  '& > * + *': { marginTop: '1em' },
  '& h2': { fontSize: 'xl', fontWeight: 'semibold', marginTop: '1.6em', lineHeight: '1.3' },
  '& h3': { fontSize: 'lg', fontWeight: 'semibold', marginTop: '1.4em' },
  '& h4, & h5, & h6': { fontWeight: 'semibold', marginTop: '1.2em' },
  '& a': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '3px' },
  '& a:hover': { color: 'brand.solid' },
  '& ul': { listStyleType: 'disc', paddingInlineStart: '1.4em' },
  '& ol': { listStyleType: 'decimal', paddingInlineStart: '1.4em' },
  '& li + li': { marginTop: '0.35em' },
  '& blockquote': {
    borderInlineStartWidth: '3px',
    borderColor: 'brand.emphasized',
    paddingInlineStart: '1em',
    color: 'fg.muted',
  },
  '& table': { width: '100%', borderCollapse: 'collapse', fontSize: 'sm' },
  '& th, & td': { borderWidth: '1px', borderColor: 'border', padding: '0.5em 0.75em', textAlign: 'start' },
  '& th': { bg: 'bg.muted', fontWeight: 'semibold' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 'l2' },
  '& hr': { borderColor: 'border' },
  '& code, & pre': {
    fontFamily: 'mono',
    fontSize: '0.9em',
    bg: 'bg.muted',
    borderRadius: 'l1',
    paddingInline: '0.3em',
  },
};

/**
 * Renders admin-written HTML through the allow-list sanitizer; internal links navigate inside the app.
 * The cleaned markup goes in as the element's inner HTML: hydrating, React keeps what the server
 * wrote there rather than building an element for every paragraph of a long description.
 */
export function HtmlContent({ html, ...rest }: { html: string } & BoxProps) {
  const router = useRouter();
  const markup = useMemo(() => safeHtmlMarkup(sanitizeHtml(html)), [html]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || anchor?.target === '_blank') return;
    event.preventDefault();
    void router.navigate({ href });
  };

  return (
    <Box
      css={htmlProseStyles}
      onClick={onClick}
      {...rest}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: safeHtmlMarkup writes only allow-listed tags and attributes, and escapes all text.
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
