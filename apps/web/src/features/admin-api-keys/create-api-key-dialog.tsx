import { Code, Text } from '@chakra-ui/react';
import {
  API_SCOPE_DESCRIPTIONS,
  API_SCOPE_LABELS,
  API_SCOPES,
  type TApiKeyCreated,
  ZApiKeyCreateInput,
} from '@shop/api/schemas';
import { ShownOnceDialog } from '../../components/shown-once-dialog';
import { useTRPC } from '../../lib/trpc';
import { CredentialCreateDialog } from '../admin/credential-create-dialog';

/** "Új kulcs": name and scopes; on success the parent shows the key once (`onCreated`). */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: TApiKeyCreated & { name: string }) => void;
}) {
  const trpc = useTRPC();
  return (
    <CredentialCreateDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Új API-kulcs"
      submitLabel="Kulcs létrehozása"
      schema={ZApiKeyCreateInput}
      mutation={trpc.apikey.create.mutationOptions()}
      failTitle="A kulcs nem jött létre."
      invalidates={trpc.apikey.list.queryFilter()}
      text={{
        key: 'name',
        label: 'Név',
        helper: 'Melyik program használja, például „Számlázó” vagy „Raktárprogram”.',
        maxLength: 100,
      }}
      codes={{
        key: 'scopes',
        legend: 'Jogosultságok',
        helper:
          'A kulcs csak ezeket teheti; az írási jog az olvasást is tartalmazza. Kulcsokat, felhasználókat és beállításokat API-kulccsal semmilyen jogosultsággal nem lehet kezelni.',
        codes: API_SCOPES,
        labels: API_SCOPE_LABELS,
        descriptions: API_SCOPE_DESCRIPTIONS,
      }}
      onCreated={(created, input) => onCreated({ ...created, name: input.name })}
    />
  );
}

/** The new key, shown this once: the shop keeps only its hash. */
export function NewApiKeyDialog({
  created,
  onClose,
}: {
  created: (TApiKeyCreated & { name: string }) | null;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      open={created !== null}
      onClose={onClose}
      title={`Az új kulcs: ${created?.name ?? ''}`}
      label="API-kulcs"
      value={created?.key ?? ''}
      copiedMessage="A kulcs a vágólapra került."
      warning="A bolt csak a kulcs lenyomatát őrzi meg, ezért ezt az ablakot bezárva a kulcs nem kérhető vissza. Ha elveszik, vond vissza, és hozz létre újat."
    >
      <Text fontSize="sm" color="fg.muted">
        A programnak a <Code size="sm">token</Code> fejlécben vagy{' '}
        <Code size="sm">Authorization: Bearer &lt;kulcs&gt;</Code> alakban kell elküldenie. A REST API
        leírása: <Code size="sm">/api/docs</Code>.
      </Text>
    </ShownOnceDialog>
  );
}
