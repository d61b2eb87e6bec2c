//! Indexing without the bounds check, for the hot loops of the searches whose structures
//! guarantee that every index they hold is in range (each caller states why in a `SAFETY`
//! comment). Debug builds, and so the tests, still check every index.

/// `slice[index]`, unchecked.
///
/// # Safety
///
/// `index` must be below `slice.len()`.
#[inline(always)]
pub(super) unsafe fn get<T: Copy>(slice: &[T], index: u32) -> T {
    debug_assert!((index as usize) < slice.len());
    // SAFETY: the caller keeps `index` in range.
    unsafe { *slice.get_unchecked(index as usize) }
}

/// `&mut slice[index]`, unchecked.
///
/// # Safety
///
/// `index` must be below `slice.len()`.
#[inline(always)]
pub(super) unsafe fn get_mut<T>(slice: &mut [T], index: u32) -> &mut T {
    debug_assert!((index as usize) < slice.len());
    // SAFETY: the caller keeps `index` in range.
    unsafe { slice.get_unchecked_mut(index as usize) }
}
