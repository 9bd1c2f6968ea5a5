"""Running test work on several threads, with a time limit."""
import threading


def run_threads(work, count, timeout=300):
    """Runs work(t) for t in range(count) on `count` threads; fails if a thread
    hangs past `timeout` seconds, and re-raises the first failure."""
    failures = []

    def guarded(t):
        try:
            work(t)
        except BaseException as e:  # noqa: BLE001 - reported below
            failures.append(e)

    threads = [threading.Thread(target=guarded, args=(t,)) for t in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=timeout)
    assert not any(t.is_alive() for t in threads), "threads hung"
    if failures:
        raise failures[0]
