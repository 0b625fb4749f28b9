// Writes the demo seed of the ready-mix plant 内江华鼎商品混凝土有限公司 (docs/concrete-plant.md) into
// schemas/seed/: customers and their sites (the demo projects), materials, bins, formulas, tanker cars,
// deliveries into the bins, prices, the plant's settings and four months of orders, production tasks, trips and batch records.
// Deterministic (a seeded generator): run `node scripts/plant-seed.mjs` after changing it, commit the
// JSON. Times are relative to the moment of seeding (`$now-<minutes>min`), so the history never goes
// stale. Ids are the row positions (each table is seeded once, empty). Statements (对账) are not
// seeded here: server/seed/plant-statements.ts derives them from the signed trips when the rows are seeded.
import { writeFileSync } from 'node:fs';

let state = 20261125;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const between = (lo, hi) => lo + random() * (hi - lo);
const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d;
const ago = (minutes) => (minutes >= 0 ? `$now-${Math.round(minutes)}min` : `$now+${Math.round(-minutes)}min`);
const PLANT = { companyKey: 'concrete' };
const DAY = 24 * 60;

function write(file, entity, rows) {
  const body = rows.map((r) => `    ${JSON.stringify(r)}`).join(',\n');
  writeFileSync(`schemas/seed/${file}.json`, `{\n  "$schema": "../meta/seed.schema.json",\n  "entity": "${entity}",\n  "rows": [\n${body}\n  ]\n}\n`);
}

// ---- customers and their sites (demo projects of the group, and two outside customers)
const CUSTOMERS = [
  { customerName: '内江建工建筑工程有限公司', creditCode: '91511000MA62A1B2C3', contactName: '张伟', contactPhone: '13890520101', contractNo: 'HD-XS-2024-011', creditLimit: 3000000, address: '内江市市中区汉安大道东段168号' },
  { customerName: '内江建工路桥工程有限公司', creditCode: '91511011MA62B3C4D5', contactName: '王强', contactPhone: '13890520102', contractNo: 'HD-XS-2024-015', creditLimit: 2500000, address: '内江市东兴区东兴大道21号' },
  { customerName: '内江建工集团有限公司', creditCode: '91511000207001234X', contactName: '陈涛', contactPhone: '13890520103', contractNo: 'HD-XS-2025-003', creditLimit: 2000000, address: '内江市市中区玉溪路36号' },
  { customerName: '四川蜀通建设集团有限公司', creditCode: '91510100MA6C7D8E9F', contactName: '何志军', contactPhone: '13890520104', contractNo: 'HD-XS-2025-008', creditLimit: 1500000, address: '成都市武侯区人民南路四段12号' },
  { customerName: '隆昌市宏达建筑工程有限公司', creditCode: '91511028MA62D5E6F7', contactName: '唐德华', contactPhone: '13890520105', contractNo: '', creditLimit: 800000, address: '隆昌市金鹅街道南关路8号' },
];
const SITES = [
  { customer: 1, siteName: '甜城湖片区棚户区改造项目', projectCode: 'NJJG-2024-001', siteAddress: '内江市市中区甜城大道88号', distanceKm: 18.5, siteContact: '刘洋', sitePhone: '13890510005' },
  { customer: 1, siteName: '内江高新区标准化厂房三期', projectCode: 'NJJG-2023-007', siteAddress: '内江市市中区汉安大道西段', distanceKm: 21.2, siteContact: '李娜', sitePhone: '13890520111' },
  { customer: 2, siteName: '汉渝大道（东兴段）道路改造工程', projectCode: 'NJJG-2024-002', siteAddress: '内江市东兴区汉渝大道', distanceKm: 24.6, siteContact: '黄丽', sitePhone: '13890510006' },
  { customer: 2, siteName: '沱江二桥加固工程', projectCode: 'NJJG-2025-003', siteAddress: '内江市东兴区沱江二桥', distanceKm: 22.8, siteContact: '赵刚', sitePhone: '13890520112' },
  { customer: 2, siteName: '内自同城快速通道（大安段）', projectCode: 'NJJG-2024-012', siteAddress: '自贡市大安区牛佛镇', distanceKm: 35.4, siteContact: '吴昊', sitePhone: '13890520113' },
  { customer: 3, siteName: '内江市第六中学新校区建设项目', projectCode: 'NJJG-2025-005', siteAddress: '内江市市中区白马镇', distanceKm: 16.9, siteContact: '陈涛', sitePhone: '13890520103' },
  { customer: 4, siteName: '内江万达广场二期', projectCode: '', siteAddress: '内江市市中区万达广场北侧', distanceKm: 19.7, siteContact: '何志军', sitePhone: '13890520104' },
  { customer: 5, siteName: '隆昌市人民医院门诊综合楼', projectCode: '', siteAddress: '隆昌市古湖街道北关路', distanceKm: 6.3, siteContact: '唐德华', sitePhone: '13890520105' },
];
const seqOf = new Map();
write('plant-customer', 'PlantCustomer', CUSTOMERS.map((c) => ({ ...PLANT, ...c })));
write('plant-site', 'PlantSite', SITES.map(({ customer, ...s }) => {
  const seq = (seqOf.get(customer) ?? 0) + 1;
  seqOf.set(customer, seq);
  return { ...PLANT, customerId: String(customer), seq, ...s };
}));

// ---- materials, bins (per line), formulas (per line and grade) with their materials per m³
const MATERIALS = [
  { key: 'cement', materialName: 'P.O 42.5 水泥', kind: '1', spec: 'P.O 42.5', supplierName: '四川峨胜水泥集团股份有限公司', origin: '峨眉山' },
  { key: 'sand', materialName: '机制中砂', kind: '2', spec: '细度模数2.6-2.9', supplierName: '内江沱江砂石有限公司', origin: '内江市中区' },
  { key: 'stone', materialName: '碎石 5-25mm', kind: '3', spec: '5-25mm连续级配', supplierName: '资中县鑫源石料厂', origin: '资中' },
  { key: 'flyAsh', materialName: 'Ⅱ级粉煤灰', kind: '4', spec: 'F类Ⅱ级', supplierName: '白马电厂粉煤灰开发公司', origin: '内江白马' },
  { key: 'slag', materialName: 'S95 矿粉', kind: '5', spec: 'S95', supplierName: '达州钢铁集团矿渣微粉厂', origin: '达州' },
  { key: 'water', materialName: '拌合用水', kind: '6', spec: '自来水', supplierName: '内江市自来水公司', origin: '内江' },
  { key: 'admixture', materialName: '聚羧酸高性能减水剂', kind: '7', spec: '标准型 固含量20%', supplierName: '四川铁科新型建材有限公司', origin: '眉山' },
];
const materialId = Object.fromEntries(MATERIALS.map((m, i) => [m.key, String(i + 1)]));
write('plant-material', 'PlantMaterial', MATERIALS.map(({ key: _key, ...m }) => ({ ...PLANT, ...m })));

const BIN_KINDS = [
  { key: 'cement', name: '水泥仓', capacity: 300, alarm: 60 },
  { key: 'flyAsh', name: '粉煤灰仓', capacity: 150, alarm: 30 },
  { key: 'slag', name: '矿粉仓', capacity: 150, alarm: 30 },
  { key: 'sand', name: '砂料仓', capacity: 600, alarm: 120 },
  { key: 'stone', name: '石料仓', capacity: 800, alarm: 150 },
  { key: 'water', name: '水箱', capacity: 60, alarm: 10 },
  { key: 'admixture', name: '外加剂罐', capacity: 30, alarm: 5 },
];
const bins = [];
const binId = {};
for (const line of ['1', '2']) {
  BIN_KINDS.forEach((b, i) => {
    // Two bins of line 2 run low (低库存 in the list).
    const low = line === '2' && (b.key === 'slag' || b.key === 'admixture');
    const stock = low ? round(b.alarm * 0.7) : round(b.capacity * between(0.35, 0.9));
    bins.push({ ...PLANT, binNo: `${line}-${String(i + 1).padStart(2, '0')}`, binName: `${line}号线${b.name}`, lineNo: line, materialId: materialId[b.key], capacity: b.capacity, stock, alarmStock: b.alarm });
    binId[`${line}:${b.key}`] = String(bins.length);
  });
}
write('plant-bin', 'PlantBin', bins);

// kg per m³: cement, fly ash, slag, sand, stone, water, admixture
const MIXES = {
  C20: [220, 70, 50, 820, 1040, 175, 6.0],
  C25: [250, 70, 55, 800, 1045, 172, 6.6],
  C30: [280, 70, 60, 770, 1050, 168, 7.5],
  C35: [310, 65, 65, 745, 1055, 165, 8.3],
  C40: [340, 60, 70, 720, 1060, 160, 9.2],
  C50: [400, 50, 80, 680, 1070, 150, 11.0],
};
const ORDER_KEYS = ['cement', 'flyAsh', 'slag', 'sand', 'stone', 'water', 'admixture'];
const SLUMP = { C20: 160, C25: 180, C30: 180, C35: 180, C40: 200, C50: 200 };
const formulas = [];
const formulaMaterials = [];
const formulaId = {};
for (const line of ['1', '2']) {
  for (const [grade, mix] of Object.entries(MIXES)) {
    const binder = mix[0] + mix[1] + mix[2];
    formulas.push({
      ...PLANT, formulaNo: `PB-${line}-${grade}`, formulaName: `${grade} 泵送混凝土（${line}号线）`, lineNo: line, strengthGrade: grade,
      ...(grade === 'C35' ? { impermeability: 'P8' } : {}), slump: SLUMP[grade], waterBinderRatio: round(mix[5] / binder, 2),
      sandRatio: round((mix[3] / (mix[3] + mix[4])) * 100), enabled: true,
    });
    formulaId[`${line}:${grade}`] = String(formulas.length);
    ORDER_KEYS.forEach((key, i) => {
      formulaMaterials.push({ ...PLANT, formulaId: String(formulas.length), seq: i + 1, lineNo: line, materialId: materialId[key], binId: binId[`${line}:${key}`], dosage: mix[i] });
    });
  }
}
write('mix-formula', 'MixFormula', formulas);
write('formula-material', 'FormulaMaterial', formulaMaterials);

// ---- deliveries into the bins (weighbridge tickets) over the last four months
const SUPPLY = {
  cement: { truck: 34, plate: '川L' }, sand: { truck: 32, plate: '川K' }, stone: { truck: 33, plate: '川K' },
  flyAsh: { truck: 30, plate: '川K' }, slag: { truck: 31, plate: '川S' }, admixture: { truck: 12, plate: '川Z' },
};
const deliveries = [];
for (let n = 0; n < 48; n += 1) {
  const key = pick(Object.keys(SUPPLY));
  const line = pick(['1', '2']);
  const material = MATERIALS.find((m) => m.key === key);
  const tare = round(between(13.5, 16.5), 2);
  const net = round(SUPPLY[key].truck * between(0.85, 1), 2);
  deliveries.push({
    ...PLANT, deliveryNo: `HD-JC-${String(n + 1).padStart(4, '0')}`, binId: binId[`${line}:${key}`], materialId: materialId[key],
    supplierName: material.supplierName, plateNo: `${SUPPLY[key].plate}${String(20517 + n * 389).slice(-5)}`, grossWeight: round(tare + net, 2),
    tareWeight: tare, netWeight: net, weighedAt: ago((120 - n * 2.5) * DAY - between(0, 600)), inspector: pick(['邓国庆', '曾丽华', '罗建平']),
  });
}
write('material-delivery', 'MaterialDelivery', deliveries);

// ---- tanker cars, prices, settings
const DRIVERS = ['刘德贵', '陈永红', '杨建华', '王福生', '李春明', '赵国平', '黄志强', '周德明', '吴海军', '徐光荣', '孙庆林', '马文斌'];
const cars = DRIVERS.map((driverName, i) => ({
  ...PLANT, plateNo: `川K${String(36051 + i * 137).slice(0, 5)}`, carNo: `HD-${String(i + 1).padStart(2, '0')}`, capacity: i < 8 ? 12 : 14,
  driverName, driverPhone: `1398053${String(1001 + i).slice(-4)}`, ownership: i < 9 ? '1' : '2', deviceId: `GPS-8600${String(21 + i)}`,
}));
write('tanker-car', 'TankerCar', cars);
const PRICES = { C15: 330, C20: 345, C25: 360, C30: 380, C35: 400, C40: 425, C45: 450, C50: 480, C55: 510, C60: 545 };
write('concrete-price', 'ConcretePrice', Object.entries(PRICES).map(([strengthGrade, unitPrice]) => ({ ...PLANT, strengthGrade, unitPrice, pumpPrice: 25 })));
write('plant-setting', 'PlantSetting', [{ ...PLANT, completionTolerance: 0.5, deviationLimit: 2, remark: '签收方量与订单方量相差0.5方以内即视为完成；单盘计量偏差超过2%报警' }]);

// ---- orders, tasks, trips, batches over the last 120 days
const PARTS = ['基础筏板', '地下室顶板', '3#楼5层顶板', '2#楼剪力墙', '桥墩承台', '路面基层', '箱梁湿接缝', '框架柱', '楼梯及平台', '挡土墙', '消防水池', '坡道及汽车库'];
const orders = [];
const tasks = [];
const trips = [];
const batches = [];
const lineFor = () => (random() < 0.55 ? '1' : '2');
const REJECTED = new Set([17, 41]);
const CANCELLED = new Set([9, 33]);
const ORDER_COUNT = 58;
for (let n = 0; n < ORDER_COUNT; n += 1) {
  // Oldest first: day 120 ago → the last five days (producing, approved) and two days ahead (pending).
  const daysAgo = n < ORDER_COUNT - 6 ? 120 - n * (115 / (ORDER_COUNT - 6)) : [1.2, 0.4, 0.1, -0.5, -1.2, -2][n - (ORDER_COUNT - 6)];
  const site = pick(SITES);
  const grade = pick(['C25', 'C30', 'C30', 'C30', 'C35', 'C40', 'C20', 'C50']);
  const volume = round(between(24, 160), 0);
  const pour = daysAgo * DAY - between(0, 300);
  const status = REJECTED.has(n) ? '3' : CANCELLED.has(n) ? '6' : daysAgo > 1 ? '5' : daysAgo > 0.3 ? '4' : daysAgo > -1 ? '2' : '1';
  const orderNo = `HD-DD-${String(n + 1).padStart(4, '0')}`;
  const order = {
    ...PLANT, orderNo, customerId: String(site.customer), siteId: String(SITES.indexOf(site) + 1), pourPart: pick(PARTS), strengthGrade: grade,
    ...(grade === 'C35' ? { impermeability: 'P8' } : {}), slump: SLUMP[grade], slumpTolerance: 20, volume, plannedPourTime: ago(pour),
    pumpNeeded: random() < 0.7, pourMethod: random() < 0.7 ? '1' : pick(['2', '3']), siteContact: site.siteContact, sitePhone: site.sitePhone,
    status, signedVolume: 0,
    ...(status === '3' ? { rejectReason: '该工地上月货款未结清，请结清后重新下单' } : {}),
    ...(status === '6' ? { cancelReason: '工地因降雨推迟浇筑，客户取消本次订单' } : {}),
  };
  orders.push(order);
  const orderId = String(orders.length);
  if (!['4', '5'].includes(status)) continue;
  // One task, or two on both lines for a big pour; the producing order's second task still waits.
  const split = volume > 100 ? [round(volume * 0.6, 0), volume - round(volume * 0.6, 0)] : [volume];
  let signed = 0;
  let lastSigned = Infinity;
  split.forEach((planned, k) => {
    const line = split.length === 2 ? String(k + 1) : lineFor();
    const started = pour + 40 - k * 20;
    const live = status === '4';
    const taskStatus = live ? (k === 0 ? '2' : '1') : '4';
    tasks.push({
      ...PLANT, taskNo: `${orderNo.replace('DD', 'RW')}-${k + 1}`, orderId, lineNo: line, formulaId: formulaId[`${line}:${grade}`], strengthGrade: grade,
      plannedVolume: planned, plannedStart: ago(started), status: taskStatus,
      ...(taskStatus !== '1' ? { startedAt: ago(started) } : {}), ...(taskStatus === '4' ? { finishedAt: ago(started - (planned / 12) * 25 - 60) } : {}),
    });
    if (taskStatus === '1') return;
    const taskId = String(tasks.length);
    // A live task has dispatched about half its volume; the last loads are on the road.
    let left = live ? round(planned * 0.5, 1) : planned;
    let t = started - 15;
    let batchNo = 0;
    while (left > 0.05) {
      const car = pick(cars);
      const load = round(Math.min(car.capacity - pick([0, 0, 1, 2]), left), 1);
      left = round(left - load, 1);
      const carId = String(cars.indexOf(car) + 1);
      const ride = between(25, 50);
      const onRoad = live && left < 8;
      const arrived = !onRoad || random() < 0.5;
      const tripStatus = onRoad ? (arrived ? '2' : '1') : '3';
      const received = tripStatus === '3' ? load : 0;
      signed += received;
      const trip = {
        ...PLANT, tripNo: `${orderNo.replace('DD', 'FH')}-${String(trips.length + 1).padStart(4, '0')}`, taskId, orderId, carId, driverName: car.driverName,
        volume: load, leftAt: ago(t), status: tripStatus,
      };
      if (onRoad) {
        // On the road now: it left within the last hour.
        trip.leftAt = ago(between(15, 55));
        if (arrived) trip.arrivedAt = ago(between(1, 10));
      } else {
        Object.assign(trip, {
          arrivedAt: ago(t - ride), pourStartAt: ago(t - ride - 8), pourEndAt: ago(t - ride - 35), returnedAt: ago(t - 2 * ride - 45),
          receivedVolume: received, signer: site.siteContact, signedAt: ago(t - ride - 36),
        });
        lastSigned = Math.min(lastSigned, t - ride - 36);
      }
      trips.push(trip);
      // Batch records (盘记录) for the last ten days: 3 m³ mixers, weights from the formula per m³.
      if (daysAgo < 10) {
        const count = Math.ceil(load / 3);
        const each = round(load / count, 2);
        for (let b = 0; b < count; b += 1) {
          batchNo += 1;
          const row = { ...PLANT, taskId, orderId, lineNo: line, strengthGrade: grade, batchNo, batchTime: ago(t + (count - b) * 2.5), volume: each };
          let max = 0;
          const outlier = random() < 0.06 ? Math.floor(random() * 7) : -1;
          MIXES[grade].forEach((perM3, i) => {
            const set = round(perM3 * each, 1);
            const deviation = i === outlier ? pick([-1, 1]) * between(2.2, 3.8) : (random() - 0.5) * 2.4;
            const actual = round(set * (1 + deviation / 100), 1);
            const real = set === 0 ? 0 : Math.abs((actual - set) / set) * 100;
            max = Math.max(max, real);
            row[`${ORDER_KEYS[i]}Set`] = set;
            row[`${ORDER_KEYS[i]}Actual`] = actual;
          });
          row.maxDeviation = round(max, 2);
          row.alarm = max > 2;
          batches.push(row);
        }
      }
      t -= between(12, 25);
    }
  });
  order.signedVolume = round(signed, 1);
  if (status === '5') order.completedAt = ago(lastSigned);
}
write('concrete-order', 'ConcreteOrder', orders);
write('production-task', 'ProductionTask', tasks);
write('dispatch-trip', 'DispatchTrip', trips);
write('batch-record', 'BatchRecord', batches);
console.log(`orders ${orders.length}, tasks ${tasks.length}, trips ${trips.length}, batches ${batches.length}`);
