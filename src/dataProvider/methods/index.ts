import { endedSession } from '../http';
import { backupMethods, type BackupMethods } from './backups';
import { commissionMethods, type CommissionMethods } from './commission';
import { publicMethods, type PublicMethods } from './complaints';
import { consoleMethods, type ConsoleMethods } from './console';
import { engineMethods, type EngineMethods } from './engine';
import { gameMethods, type GameMethods } from './games';
import { geoMethods, type GeoMethods } from './geo';
import { reportMethods, type ReportMethods } from './reports';
import { stepUpMethods, type StepUpMethods } from './stepUp';
import { userMethods, type UserMethods } from './users';

/**
 * The screens' own calls, as react-admin custom methods of the one dataProvider: a screen asks
 * `useDataProvider<TierDataProvider>()` for them, so a test can hand it another provider.
 */
export interface ScreenMethods
  extends BackupMethods,
    CommissionMethods,
    PublicMethods,
    ConsoleMethods,
    EngineMethods,
    GameMethods,
    GeoMethods,
    ReportMethods,
    StepUpMethods,
    UserMethods {}

type Method = (...args: never[]) => Promise<unknown>;

/**
 * A call answered 401 has ended the session, and the app is already on its way to the login page
 * (http.ts tells SessionEndWatch, which logs out). Such a call never settles: the screen keeps
 * waiting instead of showing an error, or, through react-admin's useDataProvider (which answers a
 * call that logged out with an empty `{ data }`), a success it never had.
 */
function waitOutSessionEnd<M extends object>(methods: M): M {
  const never = new Promise<never>(() => undefined);
  const wrap =
    (fn: Method): Method =>
    (...args) =>
      fn(...args).catch((err: unknown) => (endedSession(err) ? never : Promise.reject(err)));
  return Object.fromEntries(Object.entries(methods).map(([name, fn]) => [name, wrap(fn as Method)])) as M;
}

export const screenMethods = (): ScreenMethods =>
  waitOutSessionEnd<ScreenMethods>({
    ...backupMethods(),
    ...commissionMethods(),
    ...publicMethods(),
    ...consoleMethods(),
    ...engineMethods(),
    ...gameMethods(),
    ...geoMethods(),
    ...reportMethods(),
    ...stepUpMethods(),
    ...userMethods(),
  });
