import { registryTexts } from './registryTexts';

/** Hindi words for the registry's pages, tiers, fields and columns (src/i18n/registryTexts.ts derives the keys). */
export const hiRegistry = registryTexts({
  page: {
    dashboard: 'डैशबोर्ड',
    timemaster: 'टाइम मास्टर',
    gamemaster: 'गेम मास्टर',
    onlineplayers: 'ऑनलाइन खिलाड़ी',
    gamehistory: 'गेम इतिहास',
    winpercentage: 'जीत प्रतिशत',
    turnoverreport: 'टर्नओवर रिपोर्ट',
    revenuereport: 'राजस्व रिपोर्ट',
    transactionreport: 'लेन-देन रिपोर्ट',
    commissionpayoutReport: 'कमीशन भुगतान रिपोर्ट',
    admincommissionreport: 'एडमिन कमीशन रिपोर्ट',
    commission: 'कमीशन',
    logactivities: 'गतिविधि लॉग',
    backups: 'बैकअप',
    clearhistory: 'इतिहास साफ़ करें',
    contactus: 'संपर्क करें',
    profile: 'प्रोफ़ाइल',
    game: 'लाइव परिणाम',
    funtarget: 'Fun Target',
    funroullet: 'Fun Roullet',
  },
  role: {
    superadmin: 'सुपरएडमिन',
    admin: 'एडमिन',
    superareamanager: 'सुपर एरिया मैनेजर',
    areamanager: 'एरिया मैनेजर',
    master: 'मास्टर',
    player: 'खिलाड़ी',
    gift: 'गिफ्ट',
    loan: 'लोन',
    otc: 'ओटीसी',
  },
  field: {
    firstName: 'पहला नाम',
    lastName: 'उपनाम',
    email: 'ईमेल',
    phone: 'फ़ोन नंबर',
    dateOfBirth: 'जन्म तिथि',
    commissionAmount: 'कमीशन',
    commission: 'कमीशन',
    country: 'देश',
    state: 'राज्य',
    city: 'शहर',
    address: 'पता',
    pinCode: 'पिन कोड',
    occupation: 'व्यवसाय',
    password: 'पासवर्ड',
    pin: 'पिन',
    refId: 'संदर्भ',
    userStatus: 'स्थिति',
    games: 'गेम',
    note: 'टिप्पणी',
    mayBackup: 'पूरे इंस्टॉलेशन का बैकअप और पुनर्स्थापना कर सकता है',
  },
  column: {
    username: 'उपयोगकर्ता नाम',
    refId: 'रेफ़र आईडी',
    _id: 'यूनिक आईडी',
    walletBalance: 'पॉइंट',
    games: 'गेम',
    createdAt: 'तिथि और समय',
    isLoggedIn: 'ऑनलाइन है',
    lastLogin: 'अंतिम लॉगिन',
    commission: 'कमीशन',
    userStatus: 'स्थिति',
  },
  commission: {
    supercom: { column: 'सुपर', export: 'सुपर कमीशन' },
    distcom: { column: 'डिस्ट्रीब्यूटर', export: 'डिस्ट्रीब्यूटर कमीशन' },
    retailcom: { column: 'रिटेलर', export: 'रिटेलर कमीशन' },
    usercom: { column: 'उपयोगकर्ता', export: 'उपयोगकर्ता कमीशन' },
  },
  tierText: (label, name, t) => {
    // The root tier edits its own profile and mints points: its titles say so, as in English.
    const root = t.parent === null;
    switch (label) {
      case 'plural':
      case 'singular':
        return name;
      case 'add':
      case 'addChild':
        return `${name} जोड़ें`;
      case 'edit':
        if (root) return 'प्रोफ़ाइल संपादित करें';
        return t.labels.edit.includes('{name}') ? `${name} संपादित करें :- %{name}` : `${name} संपादित करें`;
      case 'transfer':
        return root ? 'क्रेडिट ट्रांसफ़र' : `${name} क्रेडिट ट्रांसफ़र`;
      case 'adjust':
        return root ? 'पॉइंट बनाएँ या नष्ट करें' : `${name} क्रेडिट समायोजन`;
      case 'createFailed':
        return `${name} बनाने में विफल।`;
      case 'updateSuccess':
        return `${name} सफलतापूर्वक अपडेट हुआ!`;
      case 'deleteSuccess':
        return `${name} सफलतापूर्वक हटाया गया।`;
      case 'deleteFailed':
        return `${name} हटाने में विफल।`;
    }
  },
});

/** Hindi words for each report's texts (td.reports.<report>.*; the English is in the report's declaration, resources/reports.ts). */
export const hiReports = {
  turnover: {
    title: '%{tier} टर्नओवर रिपोर्ट',
    cards: { playPoints: 'कुल खेल पॉइंट', winPoints: 'कुल जीत पॉइंट', endPoints: 'अंतिम पॉइंट', commission: 'कुल कमीशन', netToPay: 'शुद्ध' },
    columns: {
      no: 'क्रम',
      username: 'आईडी',
      playPoints: 'खेल पॉइंट',
      winPoints: 'जीत पॉइंट',
      endPoints: 'अंतिम पॉइंट',
      netToPay: 'शुद्ध',
    },
    export: {
      username: 'उपयोगकर्ता नाम',
      playPoints: 'खेल पॉइंट',
      winPoints: 'जीत पॉइंट',
      endPoints: 'अंतिम पॉइंट',
      netToPay: 'शुद्ध',
    },
  },
  revenue: {
    title: 'राजस्व रिपोर्ट',
    cards: { playPoints: 'खेल पॉइंट', winPoints: 'जीत पॉइंट', endPoints: 'अंतिम पॉइंट', commission: 'कमीशन', netToPay: 'देय शुद्ध राशि' },
    columns: {
      no: 'क्रम',
      username: 'आईडी',
      role: 'भूमिका',
      playPoints: 'खेल पॉइंट',
      winPoints: 'जीत पॉइंट',
      endPoints: 'अंतिम पॉइंट',
      commission: 'कमीशन',
      netToPay: 'देय शुद्ध राशि',
    },
  },
  adminCommission: {
    title: 'एडमिन कमीशन रिपोर्ट',
    cards: { commission: 'कुल कमीशन पॉइंट', totalpoints: 'कुल दाँव पॉइंट', totalwinpoints: 'कुल जीते पॉइंट' },
    columns: {
      no: 'क्रम',
      gameId: 'गेम आईडी',
      gameName: 'गेम का नाम',
      username: 'उपयोगकर्ता नाम',
      nofDigit: 'अंकों की संख्या',
      winpercentage: 'जीत प्रतिशत',
      totalpoints: 'कुल पॉइंट',
      totalwinpoints: 'कुल जीत पॉइंट',
      commission: 'कमीशन',
    },
  },
};
