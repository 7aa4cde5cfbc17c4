#!/usr/bin/env python3
"""Forwards TCP connections from each --listen address to --to, for tests whose clients live in
network namespaces of their own (a worker "on another host" reaching the tests' PostgreSQL,
which listens on loopback only). Stops by itself when the process that started it ends.

    tcp_forward.py --to 127.0.0.1:5432 --listen 10.231.7.1:5432 --listen 10.231.7.5:5432
"""
import argparse
import asyncio
import os


async def pipe(reader, writer):
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--to", required=True)
    parser.add_argument("--listen", action="append", required=True)
    args = parser.parse_args()
    to_host, to_port = args.to.rsplit(":", 1)

    async def handle(client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection(to_host, int(to_port))
        except OSError:
            client_writer.close()
            return
        try:
            await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer))
        except asyncio.CancelledError:
            pass  # the forwarder is stopping: its connections end with it

    servers = []
    for address in args.listen:
        host, port = address.rsplit(":", 1)
        servers.append(await asyncio.start_server(handle, host, int(port)))
    print("ready", flush=True)
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(1)


asyncio.run(main())
