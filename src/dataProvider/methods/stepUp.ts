import { call } from '../http';

export interface StepUpMethods {
  /** Checks the operator's password: the guarded calls (restore, clear history, commission send) go on for a few minutes after it. A wrong one rejects with a 400. */
  checkPassword(password: string): Promise<void>;
}

export const stepUpMethods = (): StepUpMethods => ({
  checkPassword: async (password) => {
    await call('checkPassword', { method: 'POST', body: { password } });
  },
});
