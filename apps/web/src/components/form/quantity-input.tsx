import { Flex, IconButton, Input, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { LuMinus, LuPlus } from 'react-icons/lu';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/**
 * A whole-number stepper (− field +). The buttons report at once; typing reports once it pauses or the
 * field is left, so a quantity that costs a request (a price, a cart line) is not sent per keystroke.
 * A value that changes from outside (the server's answer, another tab) replaces what the field shows.
 */
export function QuantityInput({
  value,
  onValueChange,
  label,
  hideLabel = false,
  min = 1,
  max,
  size = 'md',
  disabled = false,
}: {
  value: number;
  onValueChange: (value: number) => void;
  label: string;
  hideLabel?: boolean;
  min?: number;
  max: number;
  size?: 'sm' | 'md';
  disabled?: boolean;
}) {
  const inputId = useId();
  const [text, setText] = useState(String(value));
  const typed = useDebouncedValue(text, 300);
  const reported = useRef(value);
  const report = useRef(onValueChange);
  report.current = onValueChange;

  const clamp = (number: number) => Math.min(max, Math.max(min, Math.round(number)));
  const commit = (next: number) => {
    setText(String(next));
    if (next === reported.current) return;
    reported.current = next;
    report.current(next);
  };

  useEffect(() => {
    reported.current = value;
    setText(String(value));
  }, [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a pause in typing reports; commit and clamp are fresh each render
  useEffect(() => {
    if (typed === '') return;
    const next = clamp(Number(typed));
    if (next !== reported.current) {
      reported.current = next;
      report.current(next);
    }
  }, [typed]);

  const current = Number(text) || min;
  const digits = String(max).length;
  const labelText = (
    <Text asChild display="block" fontSize="sm" fontWeight="medium" mb="1">
      <label htmlFor={inputId}>{label}</label>
    </Text>
  );

  return (
    <div>
      {hideLabel ? <VisuallyHidden>{labelText}</VisuallyHidden> : labelText}
      <Flex
        align="center"
        borderWidth="1px"
        borderRadius="l2"
        bg="white"
        w="fit-content"
        css={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'brand.focusRing' } }}
      >
        <IconButton
          variant="ghost"
          size={size}
          aria-label="Eggyel kevesebb"
          onClick={() => commit(clamp(current - 1))}
          disabled={disabled || current <= min}
        >
          <LuMinus />
        </IconButton>
        <Input
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value.replace(/[^\d]/g, '').slice(0, digits))}
          onBlur={() => commit(clamp(Number(text) || min))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(clamp(Number(text) || min));
          }}
          inputMode="numeric"
          autoComplete="off"
          textAlign="center"
          w={size === 'sm' ? '12' : '16'}
          size={size}
          border="none"
          fontWeight="semibold"
          disabled={disabled}
          _focusVisible={{ outline: 'none' }}
        />
        <IconButton
          variant="ghost"
          size={size}
          aria-label="Eggyel több"
          onClick={() => commit(clamp(current + 1))}
          disabled={disabled || current >= max}
        >
          <LuPlus />
        </IconButton>
      </Flex>
    </div>
  );
}
