import {
  Checkbox,
  Field,
  type FieldRootProps,
  IconButton,
  Input,
  InputGroup,
  Switch,
} from '@chakra-ui/react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';

type InputProps = Omit<ComponentProps<typeof Input>, 'value' | 'onChange'>;

export type TextFieldProps = InputProps & {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  /** The unit beside the value ("Ft", "%"), which stays in sight once the field is filled. */
  unit?: ReactNode;
};

/** A labelled input whose Hungarian error (from the zod schema or the server) shows under it. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  helper,
  required,
  unit,
  ...input
}: TextFieldProps) {
  const field = <Input value={value} onChange={(event) => onValueChange(event.target.value)} {...input} />;
  return (
    <FieldFrame label={label} error={error} helper={helper} required={required}>
      {unit ? <InputGroup endElement={unit}>{field}</InputGroup> : field}
    </FieldFrame>
  );
}

/**
 * Ids for a Field.Root whose control is described by the one text under it, the helper or the error
 * (a field shows one of them at a time). Ark ties the error to the control only with
 * aria-errormessage, which most screen readers ignore, and the helper with aria-describedby: sharing
 * one id makes aria-describedby point at the error as soon as it shows, so it is read with the field.
 */
export function useDescribedByTextUnder() {
  const id = useId();
  return { helperText: id, errorText: id };
}

/**
 * A Field.Root whose control is described by its helper or, once it shows, its error (see
 * useDescribedByTextUnder). Render the helper only while there is no error, so the id stays unique.
 */
export function DescribedFieldRoot(props: Omit<FieldRootProps, 'ids'>) {
  const ids = useDescribedByTextUnder();
  return <Field.Root {...props} ids={ids} />;
}

/** Label, required mark, helper text and the error under one input. */
function FieldFrame({
  label,
  error,
  helper,
  required,
  children,
}: Pick<TextFieldProps, 'label' | 'error' | 'helper' | 'required'> & { children: ReactNode }) {
  return (
    <DescribedFieldRoot invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </DescribedFieldRoot>
  );
}

/** A password input with a show/hide toggle; `autoComplete` tells password managers which one it is. */
export function PasswordField({
  label,
  value,
  onValueChange,
  error,
  helper,
  required,
  ...input
}: Omit<TextFieldProps, 'unit'>) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} error={error} helper={helper} required={required}>
      <InputGroup
        endElement={
          <IconButton
            variant="ghost"
            size="xs"
            me="-2"
            aria-label={visible ? 'Jelszó elrejtése' : 'Jelszó megjelenítése'}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <LuEyeOff /> : <LuEye />}
          </IconButton>
        }
      >
        <Input
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          {...input}
        />
      </InputGroup>
    </FieldFrame>
  );
}

/** A checkbox with its label and, when the rule is broken, the message under it. */
export function CheckboxField({
  name,
  checked,
  onCheckedChange,
  children,
  error,
}: {
  /** The form's name of the box, as a text field's `name`. */
  name?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string;
}) {
  const errorId = useId();
  return (
    <Field.Root invalid={Boolean(error)} ids={{ errorText: errorId }}>
      <Checkbox.Root
        name={name}
        checked={checked}
        onCheckedChange={(details) => onCheckedChange(details.checked === true)}
        colorPalette="brand"
        alignItems="flex-start"
      >
        {/* The box is described by its error by hand: Ark's checkbox takes only `invalid` from the field. */}
        <Checkbox.HiddenInput aria-describedby={error ? errorId : undefined} />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontWeight="normal">{children}</Checkbox.Label>
      </Checkbox.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** An on/off setting, labelled by its children. */
export function SwitchField({
  checked,
  onCheckedChange,
  children,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(details) => onCheckedChange(details.checked)}
      colorPalette="brand"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{children}</Switch.Label>
    </Switch.Root>
  );
}
