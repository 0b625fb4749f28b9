// 籍贯 from an 18-digit id card number (GB 11643: the first six digits are the administrative division of
// the place of household registration): 四川's cities by the first four digits, other provinces by the
// first two. Names are the divisions' (GB/T 2260); a code not listed counts under its province, else 未知.
const SICHUAN_CITIES: Readonly<Record<string, string>> = {
  '5101': '成都市', '5103': '自贡市', '5104': '攀枝花市', '5105': '泸州市', '5106': '德阳市', '5107': '绵阳市',
  '5108': '广元市', '5109': '遂宁市', '5110': '内江市', '5111': '乐山市', '5113': '南充市', '5114': '眉山市',
  '5115': '宜宾市', '5116': '广安市', '5117': '达州市', '5118': '雅安市', '5119': '巴中市', '5120': '资阳市',
  '5132': '阿坝州', '5133': '甘孜州', '5134': '凉山州',
};

const PROVINCES: Readonly<Record<string, string>> = {
  '11': '北京市', '12': '天津市', '13': '河北省', '14': '山西省', '15': '内蒙古', '21': '辽宁省', '22': '吉林省',
  '23': '黑龙江省', '31': '上海市', '32': '江苏省', '33': '浙江省', '34': '安徽省', '35': '福建省', '36': '江西省',
  '37': '山东省', '41': '河南省', '42': '湖北省', '43': '湖南省', '44': '广东省', '45': '广西', '46': '海南省',
  '50': '重庆市', '51': '四川省', '52': '贵州省', '53': '云南省', '54': '西藏', '61': '陕西省', '62': '甘肃省',
  '63': '青海省', '64': '宁夏', '65': '新疆',
};

/** The origin (code and name) of an id card number's first four digits: a 四川 city, a province or '' 未知. */
export function originOf(prefix: string | null | undefined): { code: string; name: string } {
  const p = (prefix ?? '').trim();
  if (!/^[0-9]{4}$/.test(p)) return { code: '', name: '未知' };
  const city = SICHUAN_CITIES[p];
  if (city) return { code: p, name: city };
  const province = PROVINCES[p.slice(0, 2)];
  return province ? { code: p.slice(0, 2), name: province } : { code: '', name: '未知' };
}
