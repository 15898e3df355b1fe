import type { ComponentType, ReactNode } from 'react';
import { BackToList, EditPage } from '../admin/edit-page/edit-page';
import {
  capitalized,
  METHOD_KINDS,
  type MethodKind,
  methodUsage,
  type UsedMethod,
} from './checkout-method-edit';

/**
 * The screen of one shipping or payment method (/admin/checkout/{shipping,payment}/{id}; `new` creates
 * one): titled with the method's name and how many orders chose it, a link back to the list, and the
 * kind's own form, which gets `null` for a new method.
 */
export function CheckoutMethodEditPage<TMethod extends UsedMethod>({
  kind,
  id,
  load,
  form: Form,
  notice,
}: {
  kind: MethodKind;
  /** The method shown, or `new` for the screen that creates one. */
  id: number | 'new';
  /** The query of a stored method. */
  load: (id: number) => NonNullable<Parameters<typeof EditPage<TMethod>>[0]['load']>;
  form: ComponentType<{ method: TMethod | null }>;
  /** What the saved method needs before shoppers can use it, above its form. */
  notice?: (method: TMethod) => ReactNode;
}) {
  const { adjective, list } = METHOD_KINDS[kind];
  const backLink = <BackToList to={list}>{capitalized(adjective)} módok</BackToList>;
  return (
    <EditPage
      load={id === 'new' ? null : load(id)}
      newTitle={`Új ${adjective} mód`}
      newActions={backLink}
      newRecord={<Form method={null} />}
      title={(method) => method.name}
      description={methodUsage}
      actions={() => backLink}
    >
      {(method) => (
        <>
          {notice?.(method)}
          <Form key={JSON.stringify(method)} method={method} />
        </>
      )}
    </EditPage>
  );
}
