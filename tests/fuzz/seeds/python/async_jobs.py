import asyncio
import contextlib


async def worker(name: str, queue: asyncio.Queue[int], results: dict[str, int]) -> None:
    while (item := await queue.get()) is not None:
        results[name] = results.get(name, 0) + item ** 2
        queue.task_done()


@contextlib.asynccontextmanager
async def pool(n):
    q: asyncio.Queue[int] = asyncio.Queue()
    res: dict[str, int] = {}
    tasks = [asyncio.create_task(worker(f"w{i}", q, res)) for i in range(n)]
    try:
        yield q, res
    finally:
        for _ in tasks:
            await q.put(None)
        await asyncio.gather(*tasks, return_exceptions=True)


async def main():
    async with pool(4) as (q, res):
        for i in range(100):
            await q.put(i)
        await q.join()
    return {k: v for k, v in sorted(res.items()) if v}


if __name__ == "__main__":
    print(asyncio.run(main()))
