import { Box } from '@chakra-ui/react';

/**
 * The honeypot: a field people never see or reach (off-screen, out of the tab order, hidden from
 * screen readers) that form-filling bots fill in. The server answers such a submission as accepted
 * and keeps nothing.
 */
export function BotTrap({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Box aria-hidden="true" position="absolute" left="-10000px" top="auto" w="1px" h="1px" overflow="hidden">
      <label>
        Weboldal (hagyd üresen)
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </Box>
  );
}
