"""A minimal WebSocket client (RFC 6455) for the tests of ``scenery serve``: the standard
library has none. Text frames only (the protocol's), masked as a client must, with the close
frame's code and reason reported; enough to open sessions, send lines, read answers, and to
misbehave on purpose (a wrong Origin, a client that never reads).
"""

import base64
import json
import os
import socket
import struct
import threading


class Closed(Exception):
    """The server closed the connection: ``code`` and ``reason`` from its close frame."""

    def __init__(self, code, reason):
        super().__init__("closed %s %s" % (code, reason))
        self.code, self.reason = code, reason


class Refused(Exception):
    """The server answered the upgrade with a plain HTTP status."""

    def __init__(self, status):
        super().__init__("upgrade refused: %s" % status)
        self.status = status


class WebSocket:
    def __init__(self, port, path="/session", origin=None, host="127.0.0.1", timeout=30):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = ["GET %s HTTP/1.1" % path, "Host: %s:%d" % (host, port), "Upgrade: websocket", "Connection: Upgrade",
                 "Sec-WebSocket-Key: " + key, "Sec-WebSocket-Version: 13"]
        if origin is not None:
            lines.append("Origin: " + origin)
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise Refused("connection closed")
            head += chunk
        status = head.split(b"\r\n", 1)[0].decode()
        if " 101 " not in status:
            raise Refused(status)
        self.buffer = b""
        self.next_id = 1
        self.send_lock = threading.Lock()

    def send_text(self, text):
        self._send(0x1, text.encode())

    def _send(self, opcode, payload):
        header = bytearray([0x80 | opcode])
        if len(payload) < 126:
            header.append(0x80 | len(payload))
        elif len(payload) < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        mask = os.urandom(4)
        with self.send_lock:  # a pong from the reading thread must not split a frame being sent
            self.sock.sendall(bytes(header) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed(None, "connection closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def receive(self):
        """The next text message; raises Closed on a close frame."""
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 8:
                code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                raise Closed(code, payload[2:].decode(errors="replace"))
            if opcode == 9:  # a ping: answered, as the server drops a client that never answers
                self._send(0xA, payload)
                continue
            if opcode == 10:
                continue
            message += payload
            if first & 0x80:
                return message.decode()

    def request(self, method, params=None):
        """Sends a request and returns its response, skipping notifications before it."""
        rid = self.next_id
        self.next_id += 1
        self.send_text(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params or {}}))
        while True:
            message = json.loads(self.receive())
            if message.get("id") == rid:
                return message

    def close(self):
        try:
            self._send(0x8, struct.pack(">H", 1000))
        except OSError:
            pass
        self.sock.close()
