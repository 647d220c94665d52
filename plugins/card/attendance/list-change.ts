import { type Envelope, expectOk, ToastService, useService } from '@tianlu/sdk';
import { errorText } from './attendance-api';

/**
 * A dialog's way to change its list: `send` one change (set, remove …); when the server takes it,
 * toast `done` and read the list again; when it refuses, show its message. Answers whether it was taken.
 */
export function useListChange(reload: () => Promise<void>, setError: (message: string | undefined) => void) {
  const toast = useService(ToastService);
  return async (send: () => Promise<Envelope<unknown>>, done: string): Promise<boolean> => {
    setError(undefined);
    try {
      expectOk(await send());
      toast.show(done, 'success');
      await reload();
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    }
  };
}
