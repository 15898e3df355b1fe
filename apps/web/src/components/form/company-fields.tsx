import { TextField } from './fields';
import type { FieldBinding } from './use-field-values';

/**
 * A company's name and Hungarian tax number, for an invoice: the shopper's billing address and the
 * admin's form of a customer. Place them inside the caller's grid. `ownData` lets the browser fill the
 * company name in, which it should only do for the person's own data, not a customer the admin edits.
 */
export function CompanyFields({
  companyName,
  taxNumber,
  ownData = false,
}: {
  companyName: FieldBinding;
  taxNumber: FieldBinding;
  ownData?: boolean;
}) {
  return (
    <>
      <TextField label="Cégnév" autoComplete={ownData ? 'organization' : undefined} {...companyName} />
      <TextField label="Adószám" placeholder="12345678-1-12" {...taxNumber} />
    </>
  );
}
