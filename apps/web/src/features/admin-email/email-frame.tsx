import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

const Frame = chakra('iframe');

/**
 * E-mail HTML in an iframe with an empty sandbox: no scripts, no forms, no access to the admin's
 * page or session. Stored and previewed templates are shown only through this.
 */
export function EmailFrame({
  html,
  title,
  ...rest
}: { html: string; title: string } & HTMLChakraProps<'iframe'>) {
  return <Frame title={title} sandbox="" srcDoc={html} w="full" bg="white" display="block" {...rest} />;
}
