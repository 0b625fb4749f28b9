// Lint and the layering rules of docs/architecture.md: which folder may import which is checked here,
// not remembered. Layers: common → (server | src/lib → src/engine → src/features → src/app).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';

const zone = (target, from, message) => ({ target, from, message });
/** The server's domain folders and its platform layers (docs/architecture.md "Server layers"). */
const SERVER_DOMAINS = ['./server/hooks', './server/screens', './server/devices', './server/push', './server/video', './server/share', './server/routes'];
const SERVER_PLATFORM = ['./server/db', './server/http', './server/auth', './server/platform', './server/metadata', './server/wire'];

// Features never import each other (bulletproof-react): share through lib or engine instead.
const features = existsSync('src/features')
  ? readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [`./${name}`],
  message: 'A feature imports no other feature; share through src/lib or src/engine.',
}));

const ICONS_BARREL = { name: '@ant-design/icons', message: "Import each icon on its own: import XOutlined from '@ant-design/icons/es/icons/XOutlined'.", allowTypeImports: true };

// China time (issue 23): what the browser may not date things with, and the message pointing to the helper.
const CHINA_TIME_MESSAGE =
  '日期和时间一律按北京时间 (Asia/Shanghai)，不按浏览器时区：请用 src/lib/time/china-time.ts（chinaTime, chinaFormat, chinaParse, chinaDay, chinaDayBounds）与 ChinaDatePicker。Dates and times are China time whatever the PC\'s zone: use the helpers of src/lib/time/.';
/** The only files of src/ that may import dayjs and antd's pickers: the helper itself and the locale set-up. */
const CHINA_TIME_HOME = ['src/lib/time/**', 'src/main.tsx'];
const CHINA_TIME_IMPORTS = [
  { name: 'dayjs', message: CHINA_TIME_MESSAGE, allowTypeImports: true },
  { name: 'antd', importNames: ['DatePicker', 'TimePicker', 'Calendar'], message: CHINA_TIME_MESSAGE, allowTypeImports: true },
];
/** Date methods that read or write the browser zone's fields. */
const LOCAL_DATE_METHODS = [
  'getFullYear', 'getYear', 'getMonth', 'getDate', 'getDay', 'getHours', 'getMinutes', 'getSeconds', 'getMilliseconds', 'getTimezoneOffset',
  'setFullYear', 'setYear', 'setMonth', 'setDate', 'setHours', 'setMinutes', 'setSeconds', 'setMilliseconds',
  'toLocaleDateString', 'toLocaleTimeString', 'toDateString', 'toTimeString',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      // Cycles are a property of our code; don't parse dependencies' bundles (PGlite's overflows the parser).
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./common', ['./src', './server', './tests', './scripts'], 'common/ is shared by browser and server and imports neither.'),
            zone('./server', './src', 'The server never imports browser code; share through common/.'),
            zone('./src', './server', 'Browser code never imports the server; share through common/.'),
            zone('./src/lib', ['./src/engine', './src/features', './src/app'], 'src/lib is the bottom browser layer.'),
            zone('./src/engine', ['./src/features', './src/app'], 'The engine may use lib and common only.'),
            zone('./src/features', './src/app', 'Features never import the app shell.'),
            // Issue 24: the generic server engine imports no domain; domains register with it at start-up
            // (server/engine/extensions.ts, server/hooks/registry.ts registerDomainHooks, called by buildApp).
            zone(
              './server/engine',
              [...SERVER_DOMAINS, './server/seed'],
              'The generic engine imports no domain: a domain registers its hooks with the engine (server/engine/extensions.ts).',
            ),
            // The server's platform layers (database, HTTP, identity, metadata, wire formats, platform
            // services) import no domain either; buildApp (server/app.ts) wires domains onto them.
            ...SERVER_PLATFORM.map((target) => zone(target, SERVER_DOMAINS, 'Platform layers import no domain; server/app.ts wires domains onto them (docs/architecture.md).')),
            // Screens read what devices, hooks and push write, never the other way round (issue 24).
            zone(['./server/devices', './server/hooks', './server/push'], './server/screens', 'Ingestion, hooks and push never import the screens: shared rules live with their domain (e.g. server/devices/limits.ts).'),
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // Bundle size (issue 11 delivery): a named import from the @ant-design/icons barrel links the page to
    // the whole icon set (156 KB gzipped) once anything loads the set lazily; import each icon on its own.
    // China time (issue 23, docs/architecture.md "Time"): dayjs and antd's pickers read the PC's zone, so
    // src/ takes them from src/lib/time (chinaTime, chinaFormat, ChinaDatePicker) instead.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/features/icons/iconCatalog.ts', ...CHINA_TIME_HOME],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [ICONS_BARREL, ...CHINA_TIME_IMPORTS] }],
    },
  },
  {
    files: CHINA_TIME_HOME,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [ICONS_BARREL] }] },
  },
  {
    // China time (issue 23): the browser's own zone never dates anything in src/. Its local date fields
    // (getHours, getDate, new Date(y, m, d), toLocaleDateString, Intl.DateTimeFormat…) go through
    // src/lib/time/china-time.ts, the one module that converts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/time/**'],
    rules: {
      'no-restricted-properties': ['error', ...LOCAL_DATE_METHODS.map((property) => ({ property, message: CHINA_TIME_MESSAGE })), { object: 'Intl', property: 'DateTimeFormat', message: CHINA_TIME_MESSAGE }],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length>1]", message: CHINA_TIME_MESSAGE },
        { selector: "CallExpression[callee.property.name=/^toLocale/][callee.object.type='NewExpression'][callee.object.callee.name='Date']", message: CHINA_TIME_MESSAGE },
      ],
    },
  },
);
