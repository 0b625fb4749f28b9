// HJ 212-2017 §6.3.4 CRC16 of a frame's data segment: register 0xFFFF; for each byte the register's high
// byte shifted down is XORed with the byte, then eight right shifts XORing 0xA001 when a 1 falls out. The
// frame carries it as 4 upper-case hex digits. (Not Modbus CRC16: the byte meets the high byte.) Checked
// against the standard's example frame in tests/server/hj212.test.ts.
export function hj212Crc(data: string | Uint8Array): number {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  let reg = 0xffff;
  for (const byte of bytes) {
    reg = (reg >> 8) ^ byte;
    for (let i = 0; i < 8; i += 1) {
      const carry = reg & 1;
      reg >>= 1;
      if (carry) reg ^= 0xa001;
    }
  }
  return reg;
}

export const hj212CrcHex = (data: string | Uint8Array): string => hj212Crc(data).toString(16).toUpperCase().padStart(4, '0');
