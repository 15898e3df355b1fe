import { FilterSelect } from '../list-controls';

/**
 * The "Állapot" select of a list whose rows each have one status of a fixed set (blog posts, outgoing
 * e-mails), kept in the URL as `?status=`. Only a status of the set is handed on, so a changed or
 * stale URL value filters nothing rather than asking the server for a status it does not know.
 */
export function StatusFilter<TStatus extends string>({
  statuses,
  labels,
  value,
  onChange,
}: {
  statuses: readonly TStatus[];
  labels: Record<TStatus, string>;
  value: TStatus | undefined;
  onChange: (status: TStatus | undefined) => void;
}) {
  return (
    <FilterSelect
      label="Állapot"
      anyLabel="Minden állapot"
      value={value}
      options={statuses.map((status) => [status, labels[status]] as const)}
      onChange={(picked) => onChange(statuses.find((status) => status === picked))}
    />
  );
}
