import type { LedgerCode } from '../../domain/ledgerText';
import type { HistoryModel } from '../operations/clearHistoryRules';

/** Hindi for the ledger's stored texts and a game pool's name (domain/ledgerText.ts holds the English). */
export const hiLedger: Record<LedgerCode, string> & { pool: string; model: Record<HistoryModel, string> } = {
  transfer: '%{username} को %{amount} का ट्रांसफ़र',
  generated: '%{amount} बनाए गए',
  burned: '%{amount} नष्ट किए गए',
  tookBack: '%{username} से %{amount} वापस लिए',
  gave: '%{username} को %{amount} दिए',
  commission: 'कमीशन %{from}..%{to}',
  win: '%{game} पर जीत, टिकट %{ticket}',
  addBalance: '%{game} में शेष राशि जोड़ी',
  resetBalance: '%{game} की शेष राशि रीसेट, %{time}',
  bet: '%{game} पर दाँव #%{draw}',
  carried: 'आगे ले जाया गया: %{model} %{from}..%{to}',
  pool: '%{game} पूल · %{admin}',
  model: {
    ticket: 'टिकट',
    draw: 'ड्रॉ',
    result: 'परिणाम',
    upcome: 'आगामी',
    commission: 'कमीशन',
    refertransaction: 'रेफ़र लेन-देन',
    usertransaction: 'उपयोगकर्ता लेन-देन',
    userlog: 'उपयोगकर्ता लॉग',
    frequency: 'आवृत्ति',
    counter: 'गणक',
    user: 'उपयोगकर्ता',
  },
};
