// The plant's screens (§2.4), each a layout of the shared panels (PlantBoard.tsx):
// 混凝土生产大屏 (/LargeScreen/ProductionScreen, /ProductionScreen) and 混凝土 (/ProjectScreen/concrete),
// 搅拌站管理 (/LargeScreen/MixingPlant), 搅拌站台账 / 扬尘 / 视频 (/ReadyMixPlantManagement/…), and the
// project screens 拌合站物料 (mixingPlantMaterials) and 物料监测 (materialMonitoring).
import { plantScreen } from './PlantBoard';

export const ProductionScreen = plantScreen(
  { left: ['volume', 'orders', 'useToday'], centre: ['map', 'tasks'], right: ['tankers', 'bins', 'alarms'] },
  'ProductionScreen',
);

export const MixingPlantScreen = plantScreen(
  { left: ['orderStatus', 'orders', 'customers'], centre: ['map', 'trips'], right: ['bins', 'stockTrend', 'alarms'] },
  'MixingPlantScreen',
);

export const ReadyMixLedgerScreen = plantScreen(
  { left: ['orderStatus', 'customers', 'useMonth'], centre: ['trips', 'batches'], right: ['volume', 'tasks'], className: 'pl-board-wide' },
  'ReadyMixLedgerScreen',
);

export const ReadyMixDustScreen = plantScreen(
  { left: ['dust', 'tankers'], centre: ['dustTrend', 'noiseTrend'], right: ['volume', 'alarms'] },
  'ReadyMixDustScreen',
);

export const ReadyMixVideoScreen = plantScreen({ left: ['dust', 'tankers'], centre: ['cameras'], right: ['tasks', 'alarms'] }, 'ReadyMixVideoScreen');

export const MixingPlantMaterialsScreen = plantScreen(
  { left: ['bins', 'useToday'], centre: ['stockTrend', 'batches'], right: ['useMonth', 'alarms'] },
  'MixingPlantMaterialsScreen',
);

export const MaterialMonitoringScreen = plantScreen(
  { left: ['bins', 'stockTrend'], centre: ['useMonth', 'alarms'], right: ['useToday', 'batches'] },
  'MaterialMonitoringScreen',
);
