import { App, type FormInstance } from 'antd';
import { useState } from 'react';

/**
 * `saving` while one request runs (a dialog's OK button spins, a second click waits). `run` never throws:
 * a failure goes to `refused`, or nowhere when the request client has already told the user why.
 * Resolves true once `send` has succeeded.
 */
export function useSaving() {
  const [saving, setSaving] = useState(false);
  const run = async (send: () => Promise<unknown>, refused?: (err: unknown) => void): Promise<boolean> => {
    setSaving(true);
    try {
      await send();
      return true;
    } catch (err) {
      refused?.(err);
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}

/**
 * The save of a form that sends its own request (useSchemaForm is for a contracts body): nothing is sent
 * until every field passes (each shows its own message), and a server refusal goes under its field when
 * `underField` places it (formRules `showServerFieldError`), else in one message.
 */
export function useFormSave<V>(form: FormInstance<V>) {
  const { message } = App.useApp();
  const { saving, run } = useSaving();
  const save = async (send: (values: V) => Promise<unknown>, underField: (err: unknown) => boolean) => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    return run(
      () => send(values),
      (err) => {
        if (!underField(err)) message.error((err as Error).message || 'Error', 5);
      },
    );
  };
  return { saving, save };
}
