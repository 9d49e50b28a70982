import { reportsBench } from './reports';
reportsBench().then((r) => process.exit(r.exitCode));
