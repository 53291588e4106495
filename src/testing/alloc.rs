//! A counting global allocator for allocation-free proofs.
//!
//! A test binary installs it:
//! ```ignore
//! #[global_allocator]
//! static ALLOC: beachcomber::testing::alloc::CountingAllocator = beachcomber::testing::alloc::CountingAllocator;
//! ```
//! and wraps the code under test in [`count_allocations`]; only allocations
//! made by the calling thread while the closure runs are counted, so other
//! tests running in parallel do not disturb the count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting the calling thread's allocations while
/// [`count_allocations`] runs.
pub struct CountingAllocator;

#[inline]
fn note() {
    // `try_with`: during thread teardown the slots may be gone; then skip.
    let _ = COUNTING.try_with(|on| {
        if on.get() {
            let _ = COUNT.try_with(|c| c.set(c.get() + 1));
        }
    });
}

// Safety: every call is forwarded unchanged to `System`, which upholds the
// `GlobalAlloc` contract; the bookkeeping touches only const-initialised
// thread-locals, which never allocate.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note();
        // Safety: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note();
        // Safety: forwarded with the caller's guarantees.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note();
        // Safety: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // Safety: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// Run `f` and return its result with the number of heap allocations
/// (including reallocations) the calling thread made meanwhile. Counts are
/// only taken when [`CountingAllocator`] is the global allocator.
pub fn count_allocations<R>(f: impl FnOnce() -> R) -> (R, u64) {
    COUNT.with(|c| c.set(0));
    COUNTING.with(|on| on.set(true));
    let result = f();
    COUNTING.with(|on| on.set(false));
    (result, COUNT.with(Cell::get))
}
