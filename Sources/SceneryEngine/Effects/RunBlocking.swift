#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs async work to its end from synchronous code, on the calling thread.
///
/// The virtual clock runs a scene's job (which is `async`: it may wait on the network) before
/// the engine answers the command that started it, so the engine, which is synchronous, must
/// wait for it. Waiting on a semaphore for a `Task` would need a second thread, and one from
/// Swift's cooperative pool: a caller that is itself on that pool (a test, a server task) could
/// then wait for a thread it holds, and with two CPUs two such callers deadlock. Here the caller
/// is the work's executor instead: the task prefers a ``CallerExecutor`` whose jobs the calling
/// thread runs itself, sleeping only while the work waits on I/O that another thread (an event
/// loop) completes. Work that never suspends runs straight through, without a thread switch.
public enum RunBlocking {
    /// Runs `body` on the calling thread and returns its value.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let executor = CallerExecutor()
        let result = ResultBox<T>()
        Task(executorPreference: executor) {
            let value = await body()
            executor.finish { result.value = value }
        }
        executor.runUntilFinished()
        return result.value!
    }
}

/// Holds a value written by one thread and read by another after a lock handed it over.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// A task executor whose jobs run on the thread that calls ``runUntilFinished()``: jobs enqueued
/// from any thread (an event loop resuming a continuation) wake it.
final class CallerExecutor: TaskExecutor, @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []
    private var finished = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Marks the work done, after `publish` stored its value (under the lock).
    func finish(_ publish: () -> Void) {
        pthread_mutex_lock(mutex)
        publish()
        finished = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Runs enqueued jobs on this thread until ``finish(_:)`` was called, sleeping when there
    /// are none.
    func runUntilFinished() {
        let executor = asUnownedTaskExecutor()
        pthread_mutex_lock(mutex)
        while true {
            if !jobs.isEmpty {
                let batch = jobs
                jobs.removeAll(keepingCapacity: true)
                pthread_mutex_unlock(mutex)
                for job in batch { job.runSynchronously(on: executor) }
                pthread_mutex_lock(mutex)
                continue
            }
            if finished { break }
            pthread_cond_wait(condition, mutex)
        }
        pthread_mutex_unlock(mutex)
    }
}
