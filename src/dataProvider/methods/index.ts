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

export const screenMethods = (): ScreenMethods => ({
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
