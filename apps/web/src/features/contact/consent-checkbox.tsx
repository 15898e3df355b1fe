import { Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { CheckboxField } from '../../components/form/fields';

/** The privacy notice's acceptance every public form asks for; the notice opens in a new tab. */
export function PrivacyConsent({
  checked,
  onCheckedChange,
  error,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <CheckboxField checked={checked} onCheckedChange={onCheckedChange} error={error}>
      Elolvastam és elfogadom az{' '}
      <ChakraLink asChild colorPalette="brand" textDecoration="underline">
        <Link to="/page/$slug" params={{ slug: 'adatkezelesi-tajekoztato' }} target="_blank">
          adatkezelési tájékoztatót
        </Link>
      </ChakraLink>
      .
    </CheckboxField>
  );
}
