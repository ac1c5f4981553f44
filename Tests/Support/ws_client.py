"""A minimal WebSocket client (RFC 6455) for the tests of ``scenery serve``: the standard
library has none. Text frames (the protocol's), masked as a client must, with the close frame's
code and reason reported; enough to open sessions, send lines, read answers, and to misbehave on
purpose: a wrong Origin or Host, a client that never reads, unmasked frames, fragments, raw bytes.
With ``deflate=True`` it offers ``permessage-deflate`` (RFC 7692) and inflates what comes
compressed; it sends its own frames uncompressed, as the extension allows.
"""

import base64
import json
import os
import socket
import struct
import threading
import zlib


class Closed(Exception):
    """The server closed the connection: ``code`` and ``reason`` from its close frame."""

    def __init__(self, code, reason):
        super().__init__("closed %s %s" % (code, reason))
        self.code, self.reason = code, reason


class Refused(Exception):
    """The server answered the upgrade with a plain HTTP status: ``status`` (the status line)
    and ``body`` (the reason, when it gave one)."""

    def __init__(self, status, body=""):
        super().__init__("upgrade refused: %s %s" % (status, body))
        self.status, self.body = status, body


def read_response(sock, headers=None):
    """(status line, body) of the HTTP response on ``sock``; the body as Content-Length says,
    or until the connection closes. ``headers``, a dict, gets the header fields (lower-case names)."""
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)
        if not chunk:
            raise Refused("connection closed", head.decode(errors="replace"))
        head += chunk
    lines = head.decode(errors="replace").split("\r\n")
    length = None
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if headers is not None and name:
            headers[name.strip().lower()] = value.strip()
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    body = b""
    if " 101 " not in lines[0]:
        try:
            while length is None or len(body) < length:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                body += chunk
        except OSError:
            pass
    return lines[0], body.decode(errors="replace")


def frame(opcode, payload, fin=True, masked=True):
    """One RFC 6455 frame as a client sends it (``masked=False``: as it must not)."""
    header = bytearray([(0x80 if fin else 0) | opcode])
    bit = 0x80 if masked else 0
    if len(payload) < 126:
        header.append(bit | len(payload))
    elif len(payload) < 1 << 16:
        header += bytes([bit | 126]) + struct.pack(">H", len(payload))
    else:
        header += bytes([bit | 127]) + struct.pack(">Q", len(payload))
    if not masked:
        return bytes(header) + payload
    mask = os.urandom(4)
    return bytes(header) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class WebSocket:
    def __init__(self, port, path="/session", origin=None, host="127.0.0.1", timeout=30, host_header=None, deflate=False):
        """Opens a session on 127.0.0.1 (or ``host``); ``host_header`` replaces the Host header
        (a page reached through another name). ``deflate``: offer permessage-deflate as browsers
        do; ``extensions`` is then what the server answered (empty: declined), ``wire_bytes`` the
        bytes read off the socket, ``compressed`` how many messages came compressed."""
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = ["GET %s HTTP/1.1" % path, "Host: " + (host_header or "%s:%d" % (host, port)), "Upgrade: websocket",
                 "Connection: Upgrade", "Sec-WebSocket-Key: " + key, "Sec-WebSocket-Version: 13"]
        if origin is not None:
            lines.append("Origin: " + origin)
        if deflate:
            lines.append("Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        headers = {}
        status, body = read_response(self.sock, headers)
        self.extensions = headers.get("sec-websocket-extensions", "")
        self.inflater = zlib.decompressobj(wbits=-15) if "permessage-deflate" in self.extensions else None
        self.wire_bytes = 0
        self.compressed = 0
        if " 101 " not in status:
            self.sock.close()
            raise Refused(status, body)
        self.buffer = b""
        self.next_id = 1
        self.pings = 0  # pings the server sent (and ``receive`` answered)
        self.send_lock = threading.Lock()

    def send_text(self, text):
        self._send(0x1, text.encode())

    def _send(self, opcode, payload, fin=True, masked=True):
        self.send_raw(frame(opcode, payload, fin, masked))

    def send_raw(self, data):
        """Sends bytes as they are (frames made with ``frame``, or anything else)."""
        with self.send_lock:  # a pong from the reading thread must not split a frame being sent
            self.sock.sendall(data)

    def close_code(self, timeout=10):
        """Reads until the server closes: the close frame's code (None when the connection
        just went)."""
        self.sock.settimeout(timeout)
        try:
            while True:
                self.receive()
        except Closed as closed:
            return closed.code
        except OSError:
            return None
        finally:
            self.sock.close()

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed(None, "connection closed")
            self.wire_bytes += len(chunk)
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def receive(self):
        """The next text message; raises Closed on a close frame."""
        message = b""
        deflated = False
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
                self.pings += 1
                continue
            if opcode == 10:
                continue
            if not message and first & 0x40 and opcode in (1, 2):
                deflated = True  # RSV1 on a message's first frame: permessage-deflate
            message += payload
            if first & 0x80:
                if deflated:
                    if self.inflater is None:
                        raise ValueError("a compressed frame, but permessage-deflate was not negotiated")
                    self.compressed += 1
                    message = self.inflater.decompress(message + b"\x00\x00\xff\xff")
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
