/**
 * One process of the ack floor (see ack-floor.ts): JT/T 808 terminals are answered from the
 * frame header alone. 0x0100 gets a 0x8100 with an auth code, everything else a successful
 * 0x8001 at once: frames split, unescaped and checked, nothing decoded beyond the header,
 * nothing batched or stored. What this costs is what any gateway pays for the sockets alone.
 */
import { createServer, type Socket } from 'node:net';
import {
  Jt808FrameSplitter, Jt808GeneralResponseTemplate, Jt808MsgId, decodeFrame, encodeFrame, encodeRegisterResponse,
} from '../server/gateway/jt808/index';

let answered = 0;

function serve(socket: Socket): void {
  socket.setNoDelay(true);
  socket.on('error', () => {});
  const splitter = new Jt808FrameSplitter();
  let template: Jt808GeneralResponseTemplate | undefined;
  let serial = 0;
  socket.on('data', (chunk: Buffer) => {
    for (const raw of splitter.push(chunk).frames) {
      const frame = decodeFrame(raw);
      if (!frame.ok) continue;
      const { header } = frame.value;
      serial = (serial + 1) & 0xffff;
      if (header.msgId === Jt808MsgId.Register) {
        const body = encodeRegisterResponse({ replySerial: header.serial, result: 0, authCode: `F${header.phone}` });
        socket.write(encodeFrame({ msgId: Jt808MsgId.RegisterResponse, phone: header.phone, serial, edition: header.edition, body }));
        continue;
      }
      template ??= new Jt808GeneralResponseTemplate({ phoneBcd: header.phoneBcd, edition: header.edition, protocolVersion: header.protocolVersion });
      socket.write(template.encode(serial, header.serial, header.msgId, 0));
      answered++;
    }
  });
}

const server = createServer(serve);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send!({ t: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
});
setInterval(() => process.send!({ t: 'answered', answered }), 250).unref();
process.on('disconnect', () => process.exit(0));
