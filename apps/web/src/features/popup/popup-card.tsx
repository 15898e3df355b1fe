import { Box, Button, Flex, Heading, Image, Stack } from '@chakra-ui/react';
import type { TPopup } from '@shop/api/schemas';
import type { ReactNode } from 'react';
import { AppLink } from '../../components/app-link';
import { HtmlContent } from '../../components/html-content';

export type PopupContent = Pick<TPopup, 'title' | 'body' | 'link'> & {
  image: { card: string; full: string } | null;
};

/**
 * What the popup says: picture, title, text, and "Részletek" when it leads somewhere. `title` may be
 * wrapped by the caller (the dialog's own title element names the dialog).
 */
export function PopupCard({
  popup,
  onClose,
  renderTitle = (title) => title,
  bordered = true,
}: {
  popup: PopupContent;
  onClose: () => void;
  renderTitle?: (title: ReactNode) => ReactNode;
  /** Framed as a card; inside the dialog the dialog is the frame. */
  bordered?: boolean;
}) {
  const external = popup.link !== null && /^https?:/i.test(popup.link);
  return (
    <Box bg="white" borderRadius="l3" overflow="hidden" borderWidth={bordered ? '1px' : '0'}>
      {popup.image && (
        <Image
          src={popup.image.full}
          srcSet={`${popup.image.card} 480w, ${popup.image.full} 1200w`}
          sizes="(max-width: 30em) 100vw, 28rem"
          alt=""
          w="full"
          aspectRatio={16 / 9}
          objectFit="cover"
        />
      )}
      <Stack gap="3" p={{ base: '5', md: '6' }}>
        <Heading as="h2" size="xl" lineHeight="1.2">
          {renderTitle(popup.title)}
        </Heading>
        {popup.body && <HtmlContent html={popup.body} />}
        <Flex gap="2" justify="flex-end" wrap="wrap" pt="2">
          <Button variant="outline" onClick={onClose}>
            Bezárás
          </Button>
          {popup.link && (
            <Button asChild colorPalette="brand" onClick={onClose}>
              {external ? (
                <a href={popup.link} rel="noopener">
                  Részletek
                </a>
              ) : (
                <AppLink href={popup.link}>Részletek</AppLink>
              )}
            </Button>
          )}
        </Flex>
      </Stack>
    </Box>
  );
}
